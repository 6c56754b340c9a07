import ScrumdingerCore

/// A transcriber over shared state and dependencies, as the application makes it (it outlives
/// any window): what the transcriber's tests drive.
@MainActor public struct TranscriberRig {
  public let state: AppState
  public let dependencies: Dependencies
  public let transcriber: Transcriber

  /// A transcriber over `state`, transcribing with `dependencies`' recorder and speech engine.
  public init(state: AppState, dependencies: Dependencies) {
    self.state = state
    self.dependencies = dependencies
    transcriber = Transcriber(state: state, recorder: dependencies.recorder, engine: dependencies.speech)
  }
}
