import CAdwaita
import Foundation
import GtkTestSupport
import XCTest

@testable import GtkShim
@testable import Platform

/// A signal's closure never outlives the Swift object that connected it (GtkShim's
/// `SignalOwner`): the GObject may live on and emit, and nothing of the owner's runs or is
/// read. `make sanitize` also runs these under AddressSanitizer.
final class SignalConnectionsTests: XCTestCase {
  /// What a closure captured: a test sees it released and counts the calls.
  final class Captured {
    var calls = 0
  }

  func testAButtonWhoseWrapperIsGoneEmitsAndNothingOfItsOwnerRuns() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let captured = Captured()
      weak let released = captured
      var button: Button? = Button(label: "Next speaker")
      let widget = button!.widget
      g_object_ref(widget)  // the GTK widget lives on, as in a parent GTK still shows
      defer { g_object_unref(widget) }
      button!.onClicked { [captured] in captured.calls += 1 }
      shim_emit(widget, "clicked")
      XCTAssertEqual(captured.calls, 1, "the click reaches its closure while the wrapper lives")

      button = nil
      shim_emit(widget, "clicked")
      XCTAssertEqual(captured.calls, 1, "a click after the wrapper went runs nothing")
      XCTAssertEqual(
        g_signal_has_handler_pending(widget, g_signal_lookup("clicked", gtk_button_get_type()), 0, 0), 0,
        "the handler is disconnected")
      _ = consume captured
      XCTAssertNil(released, "the closure, and what it captured, were released with the wrapper")
    }
  }

  /// An owner whose own teardown makes the GObject emit (as stopping a pipeline makes
  /// autoaudiosrc add a placeholder element): the emission reaches nothing.
  @MainActor final class TearingDownOwner: SignalOwner {
    let signals = SignalConnections()
    let instance: UnsafeMutableRawPointer
    var heard = 0
    init(instance: UnsafeMutableRawPointer) {
      self.instance = instance
      connect(instance, "clicked", for: self, perform: { [weak self] in self?.heard += 1 })
    }
    isolated deinit { shim_emit(instance, "clicked") }
  }

  func testAnEmissionDuringItsOwnersTeardownRunsNothing() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let widget = gtk_button_new()!
      g_object_ref_sink(widget)
      defer { g_object_unref(widget) }
      var owner: TearingDownOwner? = TearingDownOwner(instance: UnsafeMutableRawPointer(widget))
      shim_emit(widget, "clicked")
      XCTAssertEqual(owner?.heard, 1)
      owner = nil  // emits from its deinit: must neither run the closure nor crash
      shim_emit(widget, "clicked")
      XCTAssertEqual(
        g_signal_has_handler_pending(widget, g_signal_lookup("clicked", gtk_button_get_type()), 0, 0), 0)
    }
  }

  func testConnectionsToAnObjectFinalizedFirstAreForgottenSafely() {
    MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let owner = TearingDownOwnerless()
      for _ in 0..<40 {
        let widget = gtk_button_new()!
        g_object_ref_sink(widget)
        connect(UnsafeMutableRawPointer(widget), "clicked", for: owner, perform: {})
        g_object_unref(widget)  // finalized while the owner lives (a dismissed toast)
      }
      XCTAssertEqual(owner.signals.count, 0, "no connection is left to an object that is gone")
    }
  }

  @MainActor final class TearingDownOwnerless: SignalOwner {
    let signals = SignalConnections()
  }

  /// The recording's path the crash took: the default microphone's `autoaudiosrc` adds an
  /// element when its pipeline stops, after the Swift recorder has gone.
  func testARecorderOnTheDefaultSourceStartsAndGoesWithoutCrashing() throws {
    try MainActor.assumeIsolated {
      guard requireDisplay() else { return }
      let path = NSTemporaryDirectory() + "scrumdinger-signal-\(UUID().uuidString).ogg"
      defer { try? FileManager.default.removeItem(atPath: path) }
      for _ in 0..<3 {
        var recorder: AudioRecorder? = try AudioRecorder(source: "autoaudiosrc", path: path)
        recorder!.record()
        spin(.milliseconds(200))  // deliberate: a moment of sound
        recorder!.finish {}
        recorder = nil  // before the end reaches the file: the pipeline stops where it is
        spin(.milliseconds(100))  // deliberate: what GStreamer would call back with, called
      }
    }
  }
}
