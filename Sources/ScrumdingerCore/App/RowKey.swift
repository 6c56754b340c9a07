// Keys that act on the row they are pressed on (an attendee, an agenda item, a past meeting)
// rather than on a page: not actions of a group, since each row answers for itself, but
// declared once, like the command table, so the rows and the shortcuts window cannot
// disagree on what a key does.

/// A key a list's focused row answers.
public enum RowKey: CaseIterable, Sendable {
  /// Renames the attendee (Enter does too).
  case rename
  /// Moves the attendee or agenda item one place earlier.
  case moveEarlier
  /// Moves the attendee or agenda item one place later.
  case moveLater
  /// Removes the attendee or agenda item.
  case remove
  /// Gives the agenda item a minute more.
  case longer
  /// Gives the agenda item a minute less.
  case shorter
  /// Deletes the past meeting (Undo brings it back).
  case deleteMeeting

  /// The keys, in GTK's syntax.
  public var accelerators: [String] {
    switch self {
    case .rename: ["F2"]
    case .moveEarlier: ["<Alt>Up"]
    case .moveLater: ["<Alt>Down"]
    case .remove: ["Delete"]
    case .longer: ["plus", "KP_Add"]
    case .shorter: ["minus", "KP_Subtract"]
    case .deleteMeeting: ["Delete"]
    }
  }

  /// Where the shortcuts window lists the key, and as what.
  public var help: (group: Command.HelpGroup, title: String) {
    switch self {
    case .rename: (.editing, tr("Rename the attendee"))
    case .moveEarlier: (.editing, tr("Move the attendee or agenda item earlier"))
    case .moveLater: (.editing, tr("Move the attendee or agenda item later"))
    case .remove: (.editing, tr("Remove the attendee or agenda item"))
    case .longer: (.editing, tr("One minute more for the agenda item"))
    case .shorter: (.editing, tr("One minute less for the agenda item"))
    case .deleteMeeting: (.scrums, tr("Delete the past meeting (on its row)"))
    }
  }
}
