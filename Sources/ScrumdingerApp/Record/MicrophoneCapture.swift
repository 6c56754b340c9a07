import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The meeting's audio from the default microphone (GStreamer's `autoaudiosrc`), or from the
/// source `LaunchEnvironment.audioSource` describes.
@MainActor final class MicrophoneCapture: AudioCapture {
  /// The GStreamer source description recordings read from.
  static var defaultSource: String {
    LaunchEnvironment.audioSource ?? "autoaudiosrc"
  }

  private let source: String
  private var recorder: AudioRecorder?
  var onFailure: (@MainActor (String) -> Void)?

  init(source: String = MicrophoneCapture.defaultSource) {
    self.source = source
  }

  func start(to path: String?, samples: String?) throws(CaptureFailure) {
    let recorder: AudioRecorder
    do {
      recorder = try AudioRecorder(source: source, path: path, samples: samples)
    } catch {
      throw CaptureFailure(reason: error.reason)
    }
    recorder.onProblem = { [weak self] reason in self?.onFailure?(reason) }
    guard recorder.record() else { throw CaptureFailure(reason: tr("no microphone could be opened")) }
    self.recorder = recorder
  }

  var position: Duration? { recorder?.position }
  func stopSamples() { recorder?.stopSamples() }
  func pause() { recorder?.pause() }
  func resume() { recorder?.record() }
  func finish(then done: @escaping @MainActor () -> Void) {
    guard let recorder else { return done() }
    recorder.finish(then: done)
  }
}
