import CGStreamer
import Platform

/// Decodes a sound file (any format GStreamer reads) to raw 16 kHz mono 32-bit float
/// samples in a file, on GStreamer's own threads; `done` hears nil when it is all written,
/// or GStreamer's words when it could not be.
@MainActor public final class AudioDecoder {
  private let pipeline: Pipeline
  private var done: (@MainActor (String?) -> Void)?

  /// Decodes `input` into `output` (a new, empty file: appended to, never truncated, since
  /// ext4 writes a truncated file out when it is closed, a stall of the main loop), starting
  /// at once.
  public init(input: String, output: String, done: @escaping @MainActor (String?) -> Void) throws(Unavailable) {
    pipeline = try Pipeline(
      describedBy:
        "filesrc name=in ! decodebin ! audioconvert ! audioresample ! audio/x-raw,format=F32LE,rate=16000,channels=1 ! filesink name=out append=true"
    )
    self.done = done
    pipeline.set("location", input, on: "in")
    pipeline.set("location", output, on: "out")
    pipeline.on("eos") { [weak self] in self?.finish(nil) }
    pipeline.onProblem { [weak self] in self?.finish($0) }
    pipeline.set(state: SHIM_GST_STATE_PLAYING)
  }

  /// Stops decoding; `done` is not called.
  public func cancel() {
    done = nil
    pipeline.set(state: SHIM_GST_STATE_NULL)
  }

  private func finish(_ problem: String?) {
    pipeline.set(state: SHIM_GST_STATE_NULL)
    let done = self.done
    self.done = nil
    done?(problem)
  }
}
