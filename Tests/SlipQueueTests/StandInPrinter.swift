import SlipTestSupport

/// The stand-in TCP printer, shared with the transport tests.
typealias StandInPrinter = TCPStandInPrinter
