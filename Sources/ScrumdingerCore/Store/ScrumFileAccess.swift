// The scrums file may be a symbolic link the user made into a synced folder: that one link is
// followed, and stays a link; a link found in the synced folder came from another computer,
// with the files a sync tool brings, and is not. Every read is of a regular file, up to the
// largest size a scrums file can be (no pipe, device or kernel file is ever read).
import FoundationEssentials
import Platform

/// Where the scrums file really is, and its bytes.
enum ScrumFileAccess {
  /// The file a path names: itself, or where the link standing there points (a relative link
  /// from its folder): one link, the user's own, is followed, never a second.
  static func target(of file: String) throws(UnreadableReason) -> String {
    guard let target = destination(of: file) else { return file }
    switch Files.kind(at: target) {
    case nil: throw .danglingLink(target: target)
    case .link: throw .isLink
    default: return target
    }
  }

  /// Where the link at `file` points (a relative link from its folder); nil when no link
  /// stands there.
  static func destination(of file: String) -> String? {
    Files.linkDestination(of: file).map { $0.hasPrefix("/") ? $0 : Files.folder(of: file) + "/" + $0 }
  }

  /// Where a save of `file` writes: the file, or where the user's link points, whether a file
  /// is there or not (one is made: the link is kept); never through a second link.
  static func writeTarget(of file: String) throws(UnreadableReason) -> String {
    guard let target = destination(of: file) else { return file }
    if Files.kind(at: target) == .link { throw .isLink }
    return target
  }

  /// The bytes of a scrums file (through the user's own link), refusing what is not a
  /// readable regular file.
  static func bytes(of file: String) throws(UnreadableReason) -> Data {
    try regularBytes(of: target(of: file))
  }

  /// The bytes of the regular file at `file` (a link there is not followed), at most
  /// `ScrumFile.maximumSize` of them.
  static func regularBytes(of file: String) throws(UnreadableReason) -> Data {
    do throws(RegularFileProblem) {
      return try Files.readRegular(file, limit: ScrumFile.maximumSize)
    } catch {
      throw UnreadableReason(error)
    }
  }

  /// The scrums (without transcripts) and lineage of the file `data`.
  static func version(in data: Data) throws(UnreadableReason) -> (scrums: [DailyScrum], lineage: Lineage) {
    let contents = try ScrumFile.contents(of: data)
    return (contents.scrums.withoutTranscripts, Lineage(of: contents.unknown, bytes: data))
  }
}
