import CSlipLoad
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// CSlipLoad, which opens libcups, libdbus and libmicrohttpd on first use: what it says when a
/// library or one of its functions is missing, since that is what a user without the package reads.
@Suite struct SharedLibraryLoadTests {
  /// Loads `file` looking up `names`, and returns the reason it gives twice (nil when loaded).
  private func load(_ file: String, _ names: [String]) -> (first: String?, second: String?) {
    let cFile = strdup(file)!
    let cNames = names.map { UnsafePointer(strdup($0)!) }
    defer {
      free(cFile)
      cNames.forEach { free(UnsafeMutablePointer(mutating: $0)) }
    }
    return cNames.withUnsafeBufferPointer { namePointers in
      var functions = [UnsafeMutableRawPointer?](repeating: nil, count: names.count)
      return functions.withUnsafeMutableBufferPointer { slots in
        var library = CSlipLibrary()
        library.file = UnsafePointer(cFile)
        library.names = UnsafeRawPointer(namePointers.baseAddress!).assumingMemoryBound(
          to: UnsafePointer<CChar>?.self)
        library.functions = slots.baseAddress
        library.count = names.count
        pthread_mutex_init(&library.lock, nil)
        defer { pthread_mutex_destroy(&library.lock) }
        let first = CSlipLibrary_load(&library).map { String(cString: $0) }
        let second = CSlipLibrary_load(&library).map { String(cString: $0) }
        if first == nil { #expect(slots.allSatisfy { $0 != nil }) }
        return (first, second)
      }
    }
  }

  @Test func aLibraryThatIsThereLoadsWithEveryFunction() {
    let result = load("libm.so.6", ["cos", "sqrt"])
    #expect(result.first == nil)
    #expect(result.second == nil)
  }

  @Test func aMissingLibrarySaysWhichAndWhyEveryTime() {
    let result = load("libslip-absent.so.9", ["anything"])
    #expect(result.first?.hasPrefix("cannot load libslip-absent.so.9: ") == true)
    #expect(result.first?.contains("No such file") == true)
    #expect(result.second == result.first)
  }

  @Test func aMissingFunctionIsNamed() {
    let result = load("libm.so.6", ["cos", "slip_no_such_function"])
    #expect(result.first == "libm.so.6 has no function slip_no_such_function (a version Slip does not know)")
  }
}
