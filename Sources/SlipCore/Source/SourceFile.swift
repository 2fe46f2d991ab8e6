/// A template or data file held in memory, with the line table that turns offsets into
/// line and column numbers.
public struct SourceFile: Sendable, Equatable {
  /// The path as the user named it; diagnostics print it unchanged.
  public let path: String
  /// The file's UTF-8 bytes.
  public let bytes: [UInt8]
  /// Byte offsets where each line starts; always starts with 0.
  let lineStarts: [Int]
  /// Whether each line is pure ASCII, where a column is a byte and needs no counting.
  let lineIsASCII: [Bool]

  /// A file with the given path and contents.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var starts = [0]
    var ascii = [true]
    for (offset, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        starts.append(offset + 1)
        ascii.append(true)
      } else if byte >= 0x80 {
        ascii[ascii.count - 1] = false
      }
    }
    self.lineStarts = starts
    self.lineIsASCII = ascii
  }

  /// A file with the given path and text.
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The 1-based line and column of a byte offset; the column counts Unicode scalars.
  public func location(at offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    // The last line start at or before the offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    if lineIsASCII[low] {
      return SourceLocation(line: low + 1, column: clamped - lineStarts[low] + 1, offset: clamped)
    }
    var column = 1
    var index = lineStarts[low]
    // A byte-order mark is not a character anyone sees: columns start after it.
    if low == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = min(3, clamped) }
    while index < clamped {
      // Count scalars, not bytes: continuation bytes do not start a new column.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    if index > clamped { column -= 1 }
    return SourceLocation(line: low + 1, column: column, offset: clamped)
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The number of lines in the file.
  public var lineCount: Int { lineStarts.count }

  /// The largest template file the compiler reads: real templates are a few kilobytes.
  public static let maximumTemplateSize = 1 << 20
}

/// A point in a source file: 1-based line and column, and the byte offset.
public struct SourceLocation: Sendable, Hashable {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, counted in Unicode scalars.
  public var column: Int
  /// Byte offset from the start of the file.
  public var offset: Int
}

/// A half-open byte range in one of a compilation's source files.
public struct SourceRange: Sendable, Hashable {
  /// Index of the file in the compilation's ``SourceFiles``.
  public var file: Int
  /// Offset of the first byte.
  public var start: Int
  /// Offset one past the last byte.
  public var end: Int

  /// A range in file `file` from `start` up to `end`.
  public init(file: Int, start: Int, end: Int) {
    self.file = file
    self.start = start
    self.end = max(start, end)
  }

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    guard other.file == file else { return self }
    return SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
  }
}

/// Every file a compilation read, so that ranges can be turned back into lines and columns.
public struct SourceFiles: Sendable, Equatable {
  /// The files, indexed by ``SourceRange/file``.
  public private(set) var files: [SourceFile] = []

  /// No files yet.
  public init() {}

  /// Adds a file and returns its index.
  public mutating func add(_ file: SourceFile) -> Int {
    files.append(file)
    return files.count - 1
  }

  /// The file at `index`.
  public subscript(index: Int) -> SourceFile { files[index] }
}

extension SourceFile {
  /// The byte offset of a 1-based line and scalar column (clamped to the file).
  public func offset(line: Int, column: Int) -> Int {
    guard line >= 1 else { return 0 }
    guard line <= lineStarts.count else { return bytes.count }
    var index = lineStarts[line - 1]
    var remaining = column - 1
    while remaining > 0, index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      index += 1
      while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      remaining -= 1
    }
    return index
  }
}
