// Debian's compiler-rt builtins for wasm32 (libclang-rt-16-dev-wasm32: __multi3, __modti3 for
// Slip's 128-bit decimals) are built with a stack protector, which wasi-libc does not provide:
// the guard value and the failure they call, here. A smashed stack traps.
unsigned long __stack_chk_guard = 0x2c9e6a51UL;

void __stack_chk_fail(void) { __builtin_trap(); }
