import Foundation
import SlipCore

extension RenderOptions {
  /// Options whose `now` is `SOURCE_DATE_EPOCH` when it is given (reproducible builds), else the
  /// system clock, and whose item limit is `maximumItems` (the compiler's default when nil). A
  /// malformed epoch is an error: a pipeline that sets it wants exactly that time.
  public static func current(sourceDateEpoch: String?, maximumItems: Int? = nil) throws(InputError)
    -> RenderOptions
  {
    let limit = maximumItems ?? RenderOptions().maximumItems
    guard let epoch = sourceDateEpoch else {
      return RenderOptions(now: ExactDecimal(Int(Date().timeIntervalSince1970)), maximumItems: limit)
    }
    guard let seconds = ExactDecimal(epoch), seconds.isInteger else {
      throw InputError(.setting, "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'")
    }
    return RenderOptions(now: seconds, maximumItems: limit)
  }
}
