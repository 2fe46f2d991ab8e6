#if canImport(Glibc)
  import Glibc
#endif

/// A byte stream to a printer over a file descriptor (a TCP or RFCOMM socket, a device, a
/// file): writes wait for room with `poll`, never in a busy loop; partial writes are resumed
/// where they stopped; what the printer says meanwhile is read and passed on. Owns the
/// descriptor.
final class ByteStream {
  /// What ended a write or a read.
  enum Failure: Error, Sendable, Equatable {
    /// No progress within the allowed time.
    case timeout
    /// The other end closed: end of file, or the system's reason (`Connection reset by peer`).
    case closed(String?)
    /// Any other error, as the system words it.
    case failed(String)
    /// A watched condition ended the wait (BlueZ asking to disconnect, the link dropping).
    case stopped(TransportError.Reason)
  }

  /// A second descriptor to wake up for (the D-Bus connection, for SPP), and what to ask when
  /// it wakes: a reason to stop, or nil to go on. Also asked before every wait, so messages a
  /// library already buffered are never missed.
  struct Watch {
    var fd: Int32
    var check: () -> TransportError.Reason?
  }

  let fd: Int32
  /// Whether the other end can talk back (sockets, devices), so reads make sense.
  let readable: Bool
  private let isSocket: Bool
  var watch: Watch?

  /// Takes over `fd` and makes it non-blocking.
  init(owning fd: Int32, readable: Bool) {
    self.fd = fd
    self.readable = readable
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    var status = stat()
    isSocket = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }

  deinit {
    close(fd)
  }

  /// Writes `bytes[start...]`. `wrote` sees the count written so far after every write; `heard`
  /// sees what the other end sends meanwhile. Fails when no byte could go out for `idle`.
  func write(
    _ bytes: [UInt8], from start: Int = 0, idle: Duration, heard: ([UInt8]) -> Void, wrote: (Int) -> Void
  ) throws(Failure) {
    var offset = start
    var lastProgress = ContinuousClock.now
    while offset < bytes.count {
      let count = try writeSome(bytes, offset..<bytes.count)
      if count > 0 {
        offset += count
        lastProgress = ContinuousClock.now
        wrote(offset)
        continue
      }
      let left = lastProgress + idle - ContinuousClock.now
      guard left > .zero else { throw .timeout }
      try waitForSpace(within: left, heard: heard)
    }
  }

  /// Writes what the stream takes of `bytes[range]` now, without waiting: the count, 0 when
  /// it has no room.
  func writeSome(_ bytes: [UInt8], _ range: Range<Int>) throws(Failure) -> Int {
    if let reason = watch?.check() { throw .stopped(reason) }
    while true {
      let count = bytes.withUnsafeBytes { buffer in
        let pointer = buffer.baseAddress! + range.lowerBound
        let length = min(range.count, 1 << 20)
        // MSG_NOSIGNAL: a closed socket answers EPIPE instead of killing the process.
        return isSocket
          ? send(fd, pointer, length, Int32(MSG_NOSIGNAL)) : Self.writeWithoutSIGPIPE(fd, pointer, length)
      }
      if count > 0 { return count }
      let code = count < 0 ? errno : EAGAIN
      guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw Self.failure(code) }
      if code != EINTR { return 0 }
    }
  }

  /// Waits at most `within` for room to write (or for what the other end says, passed to
  /// `heard`, or for the watch).
  func waitForSpace(within: Duration, heard: ([UInt8]) -> Void) throws(Failure) {
    try wait(for: Int16(POLLOUT), within: within, heard: heard)
  }

  /// Waits at most `timeout` for the other end to say something and returns it; empty when it
  /// said nothing in time.
  func read(timeout: Duration) throws(Failure) -> [UInt8] {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let reason = watch?.check() { throw .stopped(reason) }
      let available = try readAvailable()
      if !available.isEmpty { return available }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return [] }
      var got: [UInt8] = []
      try wait(for: 0, within: left) { got += $0 }
      if !got.isEmpty { return got }
    }
  }

  /// A question and its answer: passes on what the other end had already said to `heard`,
  /// writes `query`, then reads until `complete` accepts the answer or `timeout` runs out (an
  /// incomplete answer is returned as it is, for the caller to judge).
  func ask(
    _ query: [UInt8], timeout: Duration, heard: ([UInt8]) -> Void, complete: ([UInt8]) -> Bool
  ) throws(Failure) -> [UInt8] {
    let waiting = try readAvailable()
    if !waiting.isEmpty { heard(waiting) }
    try write(query, idle: timeout, heard: heard) { _ in }
    var answer: [UInt8] = []
    let deadline = ContinuousClock.now + timeout
    while !complete(answer) {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return answer }
      answer += try read(timeout: left)
    }
    return answer
  }

  /// What has arrived already, without waiting; fails when the other end has closed.
  func readAvailable() throws(Failure) -> [UInt8] {
    guard readable else { return [] }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        result += buffer[0..<count]
        continue
      }
      if count == 0 {
        // End of file: what came before it still counts, the close is reported next time.
        if result.isEmpty { throw .closed(nil) }
        return result
      }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return result }
      if result.isEmpty { throw Self.failure(code) }
      return result
    }
  }

  /// `write` to a pipe whose reader is gone fails with EPIPE and raises SIGPIPE, which would end
  /// the process: the signal is blocked on this thread for the write, and a pending one taken
  /// back, so that only the error remains.
  private static func writeWithoutSIGPIPE(_ fd: Int32, _ pointer: UnsafeRawPointer, _ length: Int) -> Int {
    var pipe = sigset_t()
    sigemptyset(&pipe)
    sigaddset(&pipe, SIGPIPE)
    var saved = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipe, &saved)
    let count = Glibc.write(fd, pointer, length)
    let code = errno
    if count < 0, code == EPIPE, sigismember(&saved, SIGPIPE) == 0 {
      var none = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&pipe, nil, &none)
    }
    pthread_sigmask(SIG_SETMASK, &saved, nil)
    errno = code
    return count
  }

  /// Bytes written but not yet acknowledged by the other end (TCP), or not yet read by it.
  var unacknowledged: Int? {
    var value: Int32 = 0
    return ioctl(fd, UInt(TIOCOUTQ), &value) == 0 ? Int(value) : nil
  }

  /// How much the kernel still holds to send, in its own units (0 once everything went):
  /// Bluetooth sockets answer TIOCOUTQ with the free space of the send buffer instead, so
  /// there it is the buffer's size less the free space.
  var pendingOutput: Int? {
    var free: Int32 = 0
    guard let queued = unacknowledged else { return nil }
    var domain: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    // AF_BLUETOOTH is 31 on Linux; the constant does not import.
    guard getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length) == 0, domain == 31 else { return queued }
    free = Int32(queued)
    var size: Int32 = 0
    length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else { return nil }
    return max(0, Int(size) - Int(free))
  }

  /// Waits until the kernel has sent everything written (as far as it can tell), passing on
  /// what the other end says; fails when that stops making progress for `idle`.
  func drain(idle: Duration, heard: ([UInt8]) -> Void) throws(Failure) {
    var last = Int.max
    var since = ContinuousClock.now
    while let pending = pendingOutput, pending > 0 {
      if pending < last {
        last = pending
        since = ContinuousClock.now
      } else if ContinuousClock.now - since > idle {
        throw .timeout
      }
      let said = try read(timeout: .milliseconds(5))
      if !said.isEmpty { heard(said) }
    }
    // A reader that goes away with bytes unread resets the stream, which empties the queue
    // too: look once more, so that a reset is never taken for a drain. A plain end of file
    // means it read everything first.
    do throws(Failure) {
      let said = try readAvailable()
      if !said.isEmpty { heard(said) }
    } catch .closed(nil) {
    } catch {
      throw error
    }
    if let reason = watch?.check() { throw .stopped(reason) }
  }

  /// Half-closes a socket: the other end reads end of file, and may still answer.
  func shutdownWriting() {
    if isSocket { _ = shutdown(fd, Int32(SHUT_WR)) }
  }

  /// One `poll` for `events` (plus input and the watch), at most `within`, in slices of 250 ms
  /// so that the watch is asked again even if its descriptor stays quiet.
  private func wait(for events: Int16, within: Duration, heard: ([UInt8]) -> Void) throws(Failure) {
    var descriptors = [pollfd(fd: fd, events: events | (readable ? Int16(POLLIN) : 0), revents: 0)]
    if let watch { descriptors.append(pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0)) }
    let milliseconds = Int32(min(250, max(1, within.milliseconds)))
    let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    if ready < 0 {
      if errno == EINTR { return }
      throw Self.failure(errno)
    }
    let revents = descriptors[0].revents
    if revents & Int16(POLLNVAL) != 0 { throw .failed(String(cString: strerror(EBADF))) }
    if readable, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      // Read before reporting a hang-up: the last words may be in the buffer.
      let said = try readAvailable()
      if !said.isEmpty { heard(said) }
    }
    if revents & Int16(POLLERR) != 0 { throw .closed(socketError()) }
    if revents & Int16(POLLHUP) != 0, events & Int16(POLLOUT) != 0 { throw .closed(socketError()) }
    if descriptors.count > 1, descriptors[1].revents != 0, let reason = watch?.check() {
      throw .stopped(reason)
    }
  }

  /// The error pending on a socket, in the system's words.
  private func socketError() -> String? {
    var code: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard isSocket, getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0, code != 0 else {
      return isSocket ? nil : String(cString: strerror(EPIPE))
    }
    return String(cString: strerror(code))
  }

  /// A write or read error: the other end gone, or something else.
  private static func failure(_ code: Int32) -> Failure {
    let text = String(cString: strerror(code))
    switch code {
    case EPIPE, ECONNRESET, ENOTCONN, ECONNABORTED, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EIO, ENODEV:
      return .closed(text)
    default:
      return .failed(text)
    }
  }
}
