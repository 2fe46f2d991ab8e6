// The filters' failures (the reasons of E0407), alphabetically; no filter words its own.
extension FilterFailure {
  /// The currency argument is not text.
  static func currencyCode(_ argument: Value?) -> Self {
    Self("'currency' needs a currency code as text, like 'USD', got \(shown(argument))")
  }

  /// The date filter's input is neither text nor a number.
  static func dateInput(_ value: Value) -> Self {
    Self("'date' needs ISO 8601 text or epoch seconds, got \(FilterCatalog.describe(value))")
  }

  /// The date pattern argument is not text.
  static func datePatternNotText(_ argument: Value?) -> Self {
    Self("'date' needs its pattern as text, like 'dd MMM yyyy', got \(shown(argument))")
  }

  /// An element of the list 'join' joins is a list or an object.
  static func joinElement(_ index: Int, _ element: Value) -> Self {
    Self("'join' joins text and numbers, but element \(index) is \(FilterCatalog.describe(element))")
  }

  /// The separator of 'join' is not text.
  static func joinSeparator(_ argument: Value) -> Self {
    Self("'join' needs its separator as text, like ', ', got \(FilterCatalog.describe(argument))")
  }

  /// A filter over lists got something else.
  static func needsList(_ filter: String, _ value: Value) -> Self {
    Self("'\(filter)' needs a list, got \(FilterCatalog.describe(value))")
  }

  /// A filter that formats numbers got something else.
  static func needsNumber(_ filter: String, _ value: Value) -> Self {
    Self("'\(filter)' needs a number, got \(FilterCatalog.describe(value))")
  }

  /// A text filter got a value that has no text.
  static func needsText(_ filter: String, _ value: Value) -> Self {
    Self("'\(filter)' needs text, got \(FilterCatalog.describe(value))")
  }

  /// The decimals argument of 'number' is out of range.
  static var numberPlaces: Self { Self("'number' takes 0 to 10 decimal places") }

  /// The alignment of 'pad' is not left, center or right.
  static func padAlignment(_ argument: Value) -> Self {
    Self("'pad' aligns 'left', 'center' or 'right', got \(FilterCatalog.describe(argument))")
  }

  /// The columns argument of 'pad' is out of range.
  static var padColumns: Self { Self("'pad' takes a whole number of columns from 0 to 255") }

  /// The decimals argument of 'rupiah' is out of range.
  static var rupiahPlaces: Self { Self("'rupiah' takes 0 to 4 decimal places") }

  /// 'serial' was applied to something other than a copy number.
  static func serialInput(_ value: Value) -> Self {
    Self("'serial' counts from a copy number, as in 'copy | serial(1)', got \(FilterCatalog.describe(value))")
  }

  /// Counting down took a text serial below zero.
  static func serialNegative(_ start: String) -> Self {
    Self("'serial' counted the digits of '\(start)' below zero")
  }

  /// The start of 'serial' is neither a number nor text with digits.
  static func serialStart(_ start: Value) -> Self {
    Self("'serial' starts from a number or text ending in digits, got \(FilterCatalog.describe(start))")
  }

  /// The step of 'serial' is not a whole number.
  static func serialStep(_ step: Value) -> Self {
    Self("'serial' steps by a whole number, got \(FilterCatalog.describe(step))")
  }

  /// The serial number does not fit.
  static var serialTooLarge: Self { Self("the serial number is too large to count") }

  /// An element of the list 'sum' adds is not a number.
  static func sumElement(_ index: Int, _ element: Value) -> Self {
    Self("'sum' adds numbers, but element \(index) is \(FilterCatalog.describe(element))")
  }

  /// The sum does not fit an exact decimal.
  static var sumTooLarge: Self { Self("the sum is too large for an exact decimal of 38 digits") }

  /// The columns argument of 'truncate' is not a whole number of columns.
  static var truncateColumns: Self { Self("'truncate' takes a whole number of columns, 0 or more") }

  /// The currency code is not one of the supported ones.
  static func unknownCurrency(_ code: String) -> Self {
    let codes = MoneyFormat.currencies.map { "'\($0.code)'" }.joined(separator: ", ")
    return Self("'currency' doesn't know '\(code)'; the currencies are \(codes)")
  }

  /// The locale argument is not 'en' or 'id'.
  static func unknownLanguage(_ filter: String, _ argument: Value) -> Self {
    Self("'\(filter)' knows the locales 'en' and 'id', got \(FilterCatalog.describe(argument))")
  }

  /// An argument as messages show it; a missing one says so.
  private static func shown(_ argument: Value?) -> String {
    argument.map(FilterCatalog.describe) ?? "nothing"
  }
}
