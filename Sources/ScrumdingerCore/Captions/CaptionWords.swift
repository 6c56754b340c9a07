import FoundationEssentials

/// What the recogniser said in one step of live captions.
public struct CaptionWords: Equatable, Sendable {
  /// The words (with their leading spaces, as whisper gives them); empty: none.
  public var text: String
  /// Whether they are final (else they may still change, and replace the last changing ones).
  public var isFinal: Bool
  /// How far into the audio it heard, in milliseconds.
  public var to: Int

  public init(text: String, isFinal: Bool, to: Int) {
    self.text = text
    self.isFinal = isFinal
    self.to = to
  }
}
