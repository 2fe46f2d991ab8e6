import SlipIR

// Pictures, in the first image command the printer has.
extension Emitter {
  /// An image, shifted right by its `x` within the template's width, in the first image
  /// command the printer has: `GS v 0` raster bands, `GS ( L` graphics, or `ESC *` columns.
  mutating func write(_ image: ImageBlock) {
    select(font: .a, scale: .normal, bold: false, underline: false, invert: false)
    justify(.left)
    let images = profile.images
    guard images.raster || images.graphics || images.column else {
      pending.append(.warning(.imageNotPrintable(image.name, printer: profile.id, at: image.source)))
      return
    }
    let widthBytes = (image.x + image.bitmap.width + 7) / 8
    let rows = ShiftedRows(bitmap: image.bitmap, x: image.x, widthBytes: widthBytes)
    if images.column && !images.raster && !images.graphics {
      writeColumns(rows)
      return
    }
    var top = 0
    while top < image.bitmap.height {
      // The profile's band height; `GS ( L` takes at most 65 535 bytes at a time.
      let height = min(profile.images.bandRows, image.bitmap.height - top, 65_525 / max(1, widthBytes))
      if images.raster {
        command(Byte.groupSeparator, 0x76, 0x30, 0)
        command(UInt8(widthBytes & 0xFF), UInt8(widthBytes >> 8), UInt8(height & 0xFF), UInt8(height >> 8))
      } else {
        // GS ( L fn 112: store one-tone graphics (a 48, bx by 1, c 49), then fn 50: print them.
        let size = 10 + widthBytes * height
        command(Byte.groupSeparator, 0x28, 0x4C, UInt8(size & 0xFF))
        command(UInt8(size >> 8), 48, 112, 48)
        command(1, 1, 49, UInt8((widthBytes * 8) & 0xFF))
        command(UInt8((widthBytes * 8) >> 8), UInt8(height & 0xFF), UInt8(height >> 8))
      }
      for y in top..<top + height { rows.append(row: y, to: &bytes) }
      if !images.raster {
        command(Byte.groupSeparator, 0x28, 0x4C, 2)
        command(0, 48, 50)
      }
      top += height
    }
  }

  /// `ESC *` 24-dot double-density columns, a line of 24 rows at a time, with the line spacing
  /// at 24 dots so the lines meet (left at the default, they leave gaps) and restored after.
  mutating func writeColumns(_ rows: ShiftedRows) {
    let width = rows.widthBytes * 8
    command(Byte.escape, 0x33, 24)
    var top = 0
    while top < rows.bitmap.height {
      command(Byte.escape, 0x2A, 33, UInt8(width & 0xFF))
      bytes.append(UInt8(width >> 8))
      for column in 0..<width {
        for slice in 0..<3 {
          var byte: UInt8 = 0
          for bit in 0..<8 where rows.ink(column, top + slice * 8 + bit) {
            byte |= 0x80 >> UInt8(bit)
          }
          bytes.append(byte)
        }
      }
      bytes.append(Byte.lineFeed)
      top += 24
    }
    command(Byte.escape, 0x32)
  }
}
