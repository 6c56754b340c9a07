// Every command of the app, declared once: its action name, its keys, whether the help window
// lists it, and when it is enabled. Buttons, menus, accelerators and the shortcuts window all
// read this table, so a command works (or is greyed out) the same way from each of them and
// the help cannot drift from the keys.

/// A command the user can give.
public enum Command: String, CaseIterable, Sendable {
  case newScrum = "app.new-scrum"
  case showShortcuts = "win.shortcuts"
  case about = "win.about"
  case preferences = "win.preferences"
  /// A reminder's "Start Meeting": shows the window with that scrum's meeting started.
  case startScheduled = "app.start-scheduled"
  case quit = "app.quit"
  case showMenu = "win.show-menu"
  case openScrum = "win.open-scrum"
  /// Opens the list's search field (the list filters as the title is typed).
  case search = "win.search"
  case edit = "win.edit"
  case startMeeting = "win.start-meeting"
  case deleteScrum = "win.delete-scrum"
  case shuffleLineup = "win.shuffle-lineup"
  case deleteMeeting = "win.delete-meeting"
  case undo = "win.undo"
  case openHistory = "win.open-history"
  case back = "win.back"
  case pause = "win.pause"
  case nextSpeaker = "win.next-speaker"
  case previousSpeaker = "win.previous-speaker"
  case addMinute = "win.add-minute"
  case compactView = "win.compact-view"
  case endMeeting = "win.end-meeting"
  case mute = "win.mute"
  case fullscreen = "win.fullscreen"
  /// Presents the meeting on another monitor, or stops presenting it.
  case present = "win.present"
  /// Presents the meeting on the monitor plugged into the connector it is given.
  case presentOn = "win.present-on"
  case takeNote = "win.notes"
  case exportHistory = "win.export-history"
  case addToCalendar = "win.add-to-calendar"
  case copySummary = "win.copy-summary"
  /// The same with the meeting's transcript: sent on only when asked.
  case copySummaryWithTranscript = "win.copy-summary-with-transcript"
  case confirmEditor = "editor.confirm"
  case cancelEditor = "editor.cancel"

  /// Where a command's action lives.
  public enum Scope: String, Sendable {
    /// The application, whose actions GTK exports on the session bus for the desktop (the
    /// launcher's New Scrum, a reminder's Start Meeting, the shell's Quit) and any other
    /// process: an allow-list of what starts no recording, deletes nothing and changes no
    /// consent (`app.start-scheduled` keeps its rule: only a reminder on show starts one).
    case app
    /// The main window: an action group inserted on the window widget, which GTK does not
    /// export.
    case win
    /// The editor sheet.
    case editor
  }

  /// Where the action lives: the prefix of its name.
  public var scope: Scope { Scope(rawValue: String(rawValue.prefix { $0 != "." })) ?? .win }
  /// The action's name within its scope.
  public var name: String { String(rawValue.drop { $0 != "." }.dropFirst()) }

  /// Whether the action takes the id of the scrum or meeting it applies to, or the connector
  /// of a monitor.
  public var takesArgument: Bool {
    self == .openScrum || self == .openHistory || self == .deleteMeeting || self == .startScheduled || self == .presentOn
  }

  /// The keyboard accelerators, in GTK's syntax.
  public var accelerators: [String] {
    switch self {
    case .newScrum: ["<Control>n"]
    case .showShortcuts: ["<Control>question"]
    case .preferences: ["<Control>comma"]
    case .quit: ["<Control>q"]
    case .showMenu: ["F10"]
    case .edit: ["<Control>e"]
    case .search: ["<Control>f"]
    case .startMeeting, .confirmEditor: ["<Control>Return"]
    case .back: ["<Alt>Left"]
    case .pause: ["space"]
    case .nextSpeaker: ["Right", "n", "Page_Down"]
    case .previousSpeaker: ["Left", "p", "Page_Up"]
    case .addMinute: ["plus", "KP_Add"]
    case .compactView: ["c"]
    case .endMeeting, .cancelEditor: ["Escape"]
    case .mute: ["m"]
    case .fullscreen: ["F11"]
    case .present: ["F5"]
    case .takeNote: ["t"]
    case .undo: ["<Control>z"]
    case .deleteScrum: ["<Control>Delete"]
    case .about, .openScrum, .openHistory, .shuffleLineup, .deleteMeeting, .exportHistory, .copySummary,
      .copySummaryWithTranscript, .startScheduled, .addToCalendar, .presentOn:
      []
    }
  }

  /// Whether the command's keys go to the notes entry while a note is typed there (Space
  /// types a space, Right moves the cursor, Escape leaves the entry): its buttons still work.
  public var yieldsKeysToNotes: Bool {
    switch self {
    case .pause, .nextSpeaker, .previousSpeaker, .addMinute, .compactView, .endMeeting, .mute, .takeNote: true
    default: false
    }
  }

  /// The groups of the shortcuts window, in order.
  public enum HelpGroup: CaseIterable, Sendable {
    case scrums, editor, meeting, general

    /// The group's heading.
    public var title: String {
      switch self {
      case .scrums: tr("Scrums")
      case .editor: tr("Editor")
      case .meeting: tr("Meeting")
      case .general: tr("General")
      }
    }
  }

  /// Where the shortcuts window lists the command, and as what (nil: commands without keys).
  public var help: (group: HelpGroup, title: String)? {
    switch self {
    case .newScrum: (.scrums, tr("New scrum"))
    case .edit: (.scrums, tr("Edit scrum"))
    case .search: (.scrums, tr("Search scrums"))
    case .startMeeting: (.scrums, tr("Start meeting"))
    case .back: (.scrums, tr("Go back"))
    case .confirmEditor: (.editor, tr("Add or Done"))
    case .cancelEditor: (.editor, tr("Dismiss or Cancel"))
    case .pause: (.meeting, tr("Pause or resume"))
    case .nextSpeaker: (.meeting, tr("Next speaker"))
    case .previousSpeaker: (.meeting, tr("Previous speaker"))
    case .addMinute: (.meeting, tr("Add a minute to the turn"))
    case .compactView: (.meeting, tr("Compact view"))
    case .endMeeting: (.meeting, tr("End meeting"))
    case .mute: (.meeting, tr("Mute or unmute the ding"))
    case .fullscreen: (.meeting, tr("Full screen"))
    case .present: (.meeting, tr("Present on another monitor, or stop"))
    case .takeNote: (.meeting, tr("Take a note"))
    case .showShortcuts: (.general, tr("Keyboard shortcuts"))
    case .preferences: (.general, tr("Preferences"))
    case .showMenu: (.general, tr("Main menu"))
    case .quit: (.general, tr("Quit"))
    case .undo: (.scrums, tr("Undo the last delete"))
    case .deleteScrum: (.scrums, tr("Delete scrum"))
    case .about, .openScrum, .openHistory, .shuffleLineup, .deleteMeeting, .exportHistory, .copySummary,
      .copySummaryWithTranscript, .startScheduled, .addToCalendar, .presentOn:
      nil
    }
  }

  /// Whether running the command changes the saved data (refused while read-only). New
  /// Scrum is not here: asking for it gets a visible answer instead.
  public var changesData: Bool {
    self == .edit || self == .deleteScrum || self == .startMeeting || self == .deleteMeeting || self == .undo
  }

  /// What the enabled rule looks at.
  public struct Context: Equatable, Sendable {
    /// The page on show.
    public var route: Route
    /// Whether a meeting is under way.
    public var meetingRunning: Bool
    /// Whether the open editor's draft can be saved (only the editor's commands look).
    public var draftCanSave: Bool
    /// Whether another instance owns the data, so nothing may change it here.
    public var readOnly: Bool
    /// Whether the scrum shown has attendees and none of them is here today.
    public var nobodyHere: Bool
    /// Whether a delete can still be undone (its toast is up).
    public var canUndo: Bool
    /// Whether the meeting under way has a turn to go back to.
    public var canGoBack: Bool
    /// Whether the scrum shown meets on a schedule.
    public var isScheduled: Bool
    /// Whether the meeting can be presented on another monitor (or is).
    public var canPresent: Bool

    public init(
      route: Route, meetingRunning: Bool, draftCanSave: Bool = false, readOnly: Bool = false, nobodyHere: Bool = false,
      canUndo: Bool = false, canGoBack: Bool = false, isScheduled: Bool = false, canPresent: Bool = false
    ) {
      self.canPresent = canPresent
      self.isScheduled = isScheduled
      self.canUndo = canUndo
      self.canGoBack = canGoBack
      self.route = route
      self.meetingRunning = meetingRunning
      self.draftCanSave = draftCanSave
      self.readOnly = readOnly
      self.nobodyHere = nobodyHere
    }
  }

  /// Whether the command can run in `context`. New Scrum stays enabled during a meeting so
  /// that asking for it gets a visible answer (see `AppModel.requestNewScrum`).
  public func isEnabled(in context: Context) -> Bool {
    if context.readOnly, changesData { return false }
    return switch (self, context.route) {
    case (.newScrum, _), (.showShortcuts, _), (.about, _), (.quit, _), (.showMenu, _), (.cancelEditor, _), (.preferences, _),
      (.startScheduled, _):
      true
    case (.confirmEditor, _): context.draftCanSave
    case (.openScrum, .list), (.search, .list): true
    case (.edit, .detail), (.deleteScrum, .detail), (.openHistory, .detail), (.shuffleLineup, .detail): true
    case (.deleteMeeting, .detail), (.deleteMeeting, .history): true
    case (.undo, let route): context.canUndo && !route.isMeeting
    case (.startMeeting, .detail): !context.meetingRunning && !context.nobodyHere
    case (.back, let route): route != .list
    case (.pause, .meeting), (.nextSpeaker, .meeting), (.addMinute, .meeting),
      (.compactView, .meeting), (.endMeeting, .meeting), (.mute, .meeting), (.fullscreen, .meeting), (.takeNote, .meeting):
      true
    case (.previousSpeaker, .meeting): context.canGoBack
    case (.present, .meeting), (.presentOn, .meeting): context.canPresent
    case (.exportHistory, .detail), (.copySummary, .history), (.copySummaryWithTranscript, .history): true
    case (.addToCalendar, .detail): context.isScheduled
    default: false
    }
  }
}
