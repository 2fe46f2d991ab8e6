#include "CSlipLoad.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

const char *CSlipLibrary_load(CSlipLibrary *library) {
  if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 1) return NULL;
  pthread_mutex_lock(&library->lock);
  if (library->state == 0) {
    int state = 1;
    // RTLD_LOCAL: the library's symbols serve only the lookups below, never another library.
    void *handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
      snprintf(library->reason, sizeof library->reason, "cannot load %s: %s", library->file, dlerror());
      state = 2;
    }
    for (size_t index = 0; state == 1 && index < library->count; index += 1) {
      library->functions[index] = dlsym(handle, library->names[index]);
      if (library->functions[index] == NULL) {
        snprintf(library->reason, sizeof library->reason, "%s has no function %s (a version Slip does not know)",
                 library->file, library->names[index]);
        state = 2;
        dlclose(handle);
      }
    }
    __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
  }
  const char *reason = library->state == 1 ? NULL : library->reason;
  pthread_mutex_unlock(&library->lock);
  return reason;
}

void *CSlipLibrary_function(CSlipLibrary *library, size_t index) {
  const char *reason = CSlipLibrary_load(library);
  if (reason != NULL) {
    // Swift calls CSlipLibrary_load before the first trampoline and reports the reason: reaching
    // this line is a bug in Slip, and carrying on would call through a null pointer.
    fprintf(stderr, "slip: internal error: %s\n", reason);
    abort();
  }
  return library->functions[index];
}
