// Live captions on screen: the recorder's CaptionBoard, one label a line, oldest on top, each
// on one line that keeps its end (the newest words) in view and gives up whole words at its
// start for "…" (a right-to-left line keeps its newest words on its left). Words
// that may still change are dimmed until final. The labels are plain text in the tree (the
// end-to-end tests read them) but never alerts: a screen reader would speak over the room.
// The meeting page, the presentation and the compact strip each have one; a key hides and
// shows them all together (`shown`).
import GtkShim
import ScrumdingerCore

/// The live captions of a meeting, as `lines` lines of text.
@MainActor final class CaptionView {
  let root = Box(vertical: true, spacing: 2)
  /// One label a line, oldest first.
  let rows: [Label]
  private var observations: [ObservationToken] = []
  private var board: CaptionBoard?
  private var isShown = true
  /// What each row shows (its text, and the UTF-8 offset its changing words begin at).
  private var shownRows: [(text: String, dimmed: Int)]

  /// Lines of `board` (nil: the meeting has no captions), the last `lines` of them, on show
  /// while `shown` says so.
  init(board: ObservableValue<CaptionBoard?>, shown: ObservableValue<Bool>, lines: Int) {
    rows = (0..<lines).map { _ in Label() }
    shownRows = Array(repeating: ("", -1), count: lines)
    root.addCSSClass("captions")
    for row in rows {
      row.setEllipsizesAtStart()
      row.setHorizontalAlignment(0.5)
      root.append(row)
    }
    self.board = board.value
    isShown = shown.value
    show()
    observations = [
      board.observe { [weak self] value in
        self?.board = value
        self?.show()
      },
      shown.observe { [weak self] value in
        self?.isShown = value
        self?.show()
      },
    ]
  }

  /// Draws the text `pixels` tall.
  func setPixelSize(_ pixels: Int) {
    guard pixels != rows[0].pixelSize else { return }
    for row in rows { row.setPixelSize(pixels) }
    shownRows = Array(repeating: ("", -1), count: rows.count)  // the size took the dimming away
    show()
  }

  private func show() {
    // Running captions keep their room while quiet, so nothing below them moves.
    root.isVisible = isShown && board?.isRunning == true
    guard root.isVisible, let lines = board?.lines else { return }
    let shown = Array(lines.suffix(rows.count))
    for (index, row) in rows.enumerated() {
      let line = index - (rows.count - shown.count)
      let final = line >= 0 ? shown[line].final.trimmed : ""
      let changing = line >= 0 ? shown[line].changing.trimmed : ""
      let joined = [final, changing].filter { !$0.isEmpty }.joined(separator: " ")
      let text = joined.isEmpty ? " " : joined  // an empty line keeps a line's height
      let dimmed = changing.isEmpty ? text.utf8.count : final.isEmpty ? 0 : final.utf8.count + 1
      guard shownRows[index].text != text || shownRows[index].dimmed != dimmed else { continue }
      shownRows[index] = (text, dimmed)
      // Too long for the line: whole words go from its start (a character of Chinese is one).
      row.setTextKeepingEnd(
        text, dimmedFrom: text.utf8.index(text.startIndex, offsetBy: dimmed), wordStarts: text.writtenUnitStarts)
    }
  }
}
