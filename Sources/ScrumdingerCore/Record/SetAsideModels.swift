import FoundationEssentials
import Platform

/// The speech models that made the helper fail, kept in the models folder's `set-aside` file
/// (one path a line): they are not run again at each start, only once the user asks for a
/// transcription again or chooses or downloads a model.
public struct SetAsideModels: Sendable {
  private let file: String

  /// The marks kept in `modelsFolder`.
  public init(modelsFolder: String) {
    file = modelsFolder + "/set-aside"
  }

  /// The paths set aside.
  public var paths: Set<String> {
    guard let contents = Files.regularText(of: file, limit: 1 << 20) else { return [] }
    return Set(contents.split(separator: "\n").map(String.init))
  }

  /// Sets `model` aside (the folder is made if need be).
  public func setAside(_ model: String) {
    _ = Files.makeFolder(Files.folder(of: file))
    let lines = (paths.union([model])).sorted().joined(separator: "\n") + "\n"
    Files.write(lines, to: file)
  }

  /// Lets every model be used again.
  public func clear() {
    Files.remove(file)
  }
}
