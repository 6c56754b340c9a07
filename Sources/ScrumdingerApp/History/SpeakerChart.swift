// Who spoke how long, as a bar chart drawn with Cairo: one bar per speaker on a common scale,
// their share (with any minutes added) marked, any overtime in a warning colour, then the
// agenda items after the round as bars of their own colour. Each bar is an image named in
// words ("Ana spoke 1:05 of 1:00"), so the chart reads as a table to a screen reader.
import GtkShim
import ScrumdingerCore

/// The per-speaker chart of one past meeting.
@MainActor final class SpeakerChart {
  let root = Box(vertical: true, spacing: 8)
  /// One bar per speaker, in speaking order, then one per agenda item.
  private(set) var bars: [DrawingArea] = []

  /// The colours of a bar: a speaker's fill, an item's and the overtime (legible on light and
  /// dark styles).
  private static let fill = RGBColor(hex: 0x3584E4)
  private static let itemFill = RGBColor(hex: 0x9141AC)
  private static let overtime = RGBColor(hex: 0xE01B24)

  init(speakers: [SpeakerTime], items: [SpeakerTime] = []) {
    let all = speakers + items
    let scale = Double(max(1, all.map { max($0.seconds, $0.shareSeconds + $0.addedSeconds) }.max() ?? 1))
    for (index, speaker) in all.enumerated() {
      let isItem = index >= speakers.count
      let name = Label(Texts.shown(speaker.name))
      name.setHorizontalAlignment(0)
      name.setEllipsizes()
      name.setSizeRequest(width: 100)
      name.hideFromAccessibility()  // the bar's name says it
      let time = Label(Texts.minutesAndSeconds(speaker.seconds))
      time.setSizeRequest(width: 48)
      time.setHorizontalAlignment(1)
      time.hideFromAccessibility()
      if speaker.overSeconds > 0 { time.addCSSClass("error") }
      let bar = DrawingArea()
      bar.setSizeRequest(height: 20)
      bar.expand(horizontally: true)
      let (spoken, share) = (Texts.minutesAndSeconds(speaker.seconds), Texts.minutesAndSeconds(speaker.shareSeconds))
      let said =
        isItem
        ? tr("%@ took %@ of %@", Texts.shown(speaker.name), spoken, share)
        : tr("%@ spoke %@ of %@", Texts.shown(speaker.name), spoken, share)
      bar.setAccessibleLabel(
        speaker.addedSeconds > 0 ? tr("%@, %@ added", said, Texts.duration(seconds: speaker.addedSeconds)) : said)
      let colour = isItem ? Self.itemFill : Self.fill
      bar.onDraw { canvas, width, height in
        Self.draw(speaker, colour: colour, scale: scale, on: &canvas, width: width, height: height)
      }
      bars.append(bar)
      let row = Box(vertical: false, spacing: 12)
      row.append(name)
      row.append(bar)
      row.append(time)
      root.append(row)
    }
  }

  private static func draw(
    _ speaker: SpeakerTime, colour: RGBColor, scale: Double, on canvas: inout Canvas, width: Double, height: Double
  ) {
    func fill(_ from: Double, _ to: Double, _ color: RGBColor, alpha: Double = 1) {
      canvas.fillRectangle(
        x: from / scale * width, y: 2, width: (to - from) / scale * width, height: height - 4,
        red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255, alpha: alpha)
    }
    let (spoken, share) = (Double(speaker.seconds), Double(speaker.shareSeconds + speaker.addedSeconds))
    fill(0, share, colour, alpha: 0.2)  // the share and the minutes added, faint
    fill(0, min(spoken, share), colour)
    if spoken > share { fill(share, spoken, Self.overtime) }
    // The share's end, marked across the bar.
    let mark = share / scale * width
    let ink = canvas.foreground
    canvas.fillRectangle(
      x: max(0, mark - 1), y: 0, width: 2, height: height, red: ink.red, green: ink.green, blue: ink.blue)
  }
}

/// The lengths of a scrum's last meetings against its plan: one bar per meeting, the
/// planned length as a line across.
@MainActor final class LengthsChart {
  let area = DrawingArea()
  private var statistics: MeetingStatistics

  init(_ statistics: MeetingStatistics) {
    self.statistics = statistics
    area.setSizeRequest(height: 80)
    area.expand(horizontally: true)
    area.onDraw { [weak self] canvas, width, height in self?.draw(&canvas, width: width, height: height) }
    show(statistics)
  }

  /// Shows new figures.
  func show(_ statistics: MeetingStatistics) {
    self.statistics = statistics
    area.setAccessibleLabel(
      tr(
        "Lengths of the last %d meetings against the planned %@", statistics.lengths.count,
        Texts.minutesAndSeconds(statistics.plannedSeconds)))
    area.queueDraw()
  }

  private func draw(_ canvas: inout Canvas, width: Double, height: Double) {
    let lengths = statistics.lengths
    guard !lengths.isEmpty else { return }
    let scale = Double(max(1, max(statistics.plannedSeconds, lengths.max() ?? 0)))
    let slot = width / Double(MeetingStatistics.window)
    for (index, length) in lengths.enumerated() {
      let over = length > statistics.plannedSeconds
      let color = over ? RGBColor(hex: 0xE01B24) : RGBColor(hex: 0x3584E4)
      let barHeight = Double(length) / scale * height
      canvas.fillRectangle(
        x: Double(index) * slot + 1, y: height - barHeight, width: max(1, slot - 2), height: barHeight,
        red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255)
    }
    let planY = height - Double(statistics.plannedSeconds) / scale * height
    let ink = canvas.foreground
    canvas.fillRectangle(
      x: 0, y: max(0, planY - 1), width: width, height: 2, red: ink.red, green: ink.green, blue: ink.blue)
  }
}
