import Foundation
import ScrumdingerCore

/// Stands in for the microphone: remembers what it was asked, fails when told to.
@MainActor public final class FakeCapture: AudioCapture {
  public enum Call: Equatable {
    case start(String?)
    case pause, resume, finish
  }
  /// Where the samples were asked to go, if they were.
  public private(set) var samples: String?
  public private(set) var calls: [Call] = []
  /// Why starting fails, if it should.
  public var refusal: String?
  public var onFailure: (@MainActor (String) -> Void)?
  /// What the recording's timeline reads (a test sets it).
  public var position: Duration?
  /// Whether `finish` leaves the file unfinished until the test calls `complete()` (GStreamer's
  /// end-of-stream still on its way); by default it is complete at once.
  public var holdsEnd = false
  private var whenComplete: (@MainActor () -> Void)?

  public init() {}

  public func start(to path: String?, samples: String?) throws(CaptureFailure) {
    if let refusal { throw CaptureFailure(reason: refusal) }
    calls.append(.start(path))
    self.samples = samples
    // Written into the file as GStreamer's filesink writes ("wb": an existing file keeps its mode).
    guard let path else { return }
    let handle = FileHandle(forWritingAtPath: path)
    handle?.write(Data("OggS".utf8))
    try? handle?.close()
  }
  /// Whether the samples were stopped.
  public private(set) var samplesStopped = false
  public func stopSamples() { samplesStopped = true }
  public func pause() { calls.append(.pause) }
  public func resume() { calls.append(.resume) }
  public func finish(then done: @escaping @MainActor () -> Void) {
    calls.append(.finish)
    if holdsEnd { whenComplete = done } else { done() }
  }
  /// The end held by `holdsEnd` reaches the file.
  public func complete() { whenComplete?() }
}
