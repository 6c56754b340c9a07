// Every command of the app, declared once: its action name, its keys, whether the help window
// lists it, and when it is enabled. Buttons, menus, accelerators and the shortcuts window all
// read this table, so a command works (or is greyed out) the same way from each of them and
// the help cannot drift from the keys. Each scope's commands are their own enum, so the one
// place that runs them (the application, the window, the meeting under way, the history's
// actions, the editor) switches over its own commands only: one corridor per scope, and a
// command added to a scope that nobody runs does not compile.

/// A command the user can give: its scope and, inside it, which one.
public enum Command: Hashable, Sendable, CaseIterable {
  /// The application's, exported on the session bus for the desktop (the launcher's New
  /// Scrum, a reminder's Start Meeting, the shell's Quit) and any other process: an
  /// allow-list of what starts no recording, deletes nothing and changes no consent
  /// (`app.start-scheduled` keeps its rule: only a reminder on show starts one).
  case app(AppCommand)
  /// The main window's: an action group inserted on the window widget, which GTK does not
  /// export.
  case window(WindowCommand)
  /// The meeting's: a group the meeting inserts on the window while it runs, and removes.
  case meeting(MeetingCommand)
  /// A scrum's history's: a group of the history's actions on the window.
  case history(HistoryCommand)
  /// The editor sheet's.
  case editor(EditorCommand)

  public static var allCases: [Command] {
    AppCommand.allCases.map(Command.app) + WindowCommand.allCases.map(Command.window)
      + MeetingCommand.allCases.map(Command.meeting) + HistoryCommand.allCases.map(Command.history)
      + EditorCommand.allCases.map(Command.editor)
  }

  /// Where the action lives: the prefix of its detailed name ("meeting").
  public var scope: String {
    switch self {
    case .app: AppCommand.scope
    case .window: WindowCommand.scope
    case .meeting: MeetingCommand.scope
    case .history: HistoryCommand.scope
    case .editor: EditorCommand.scope
    }
  }

  /// The action's name within its scope ("next-speaker").
  public var name: String {
    switch self {
    case .app(let command): command.rawValue
    case .window(let command): command.rawValue
    case .meeting(let command): command.rawValue
    case .history(let command): command.rawValue
    case .editor(let command): command.rawValue
    }
  }

  /// The action's detailed name, as buttons and accelerators name it ("meeting.next-speaker").
  public var detailedName: String { scope + "." + name }

  /// Whether the action takes the id of the scrum or meeting it applies to, or the connector
  /// of a monitor.
  public var takesArgument: Bool {
    switch self {
    case .window(.openScrum), .window(.openHistory), .window(.deleteMeeting), .app(.startScheduled),
      .meeting(.presentOn):
      true
    case .app, .window, .meeting, .history, .editor: false
    }
  }

  /// The keyboard accelerators, in GTK's syntax.
  public var accelerators: [String] {
    switch self {
    case .app(.newScrum): ["<Control>n"]
    case .window(.showShortcuts): ["<Control>question"]
    case .window(.preferences): ["<Control>comma"]
    case .app(.quit): ["<Control>q"]
    case .window(.showMenu): ["F10"]
    case .window(.edit): ["<Control>e"]
    case .window(.search): ["<Control>f"]
    case .window(.startMeeting), .editor(.confirm): ["<Control>Return"]
    case .window(.back): ["<Alt>Left"]
    case .meeting(.pause): ["space"]
    case .meeting(.nextSpeaker): ["Right", "n", "Page_Down"]
    case .meeting(.previousSpeaker): ["Left", "p", "Page_Up"]
    case .meeting(.addMinute): ["plus", "KP_Add"]
    case .meeting(.compactView): ["c"]
    case .meeting(.endMeeting), .editor(.cancel): ["Escape"]
    case .meeting(.mute): ["m"]
    case .meeting(.fullscreen): ["F11"]
    case .meeting(.present): ["F5"]
    case .meeting(.takeNote): ["t"]
    case .meeting(.captions): ["s"]
    case .window(.undo): ["<Control>z"]
    case .window(.importScrums): ["<Control>o"]
    case .window(.deleteScrum): ["<Control>Delete"]
    case .window(.about), .window(.openScrum), .window(.openHistory), .window(.shuffleLineup), .window(.deleteMeeting),
      .history, .app(.startScheduled), .meeting(.presentOn):
      []
    }
  }

  /// Whether the command's keys go to the notes entry while a note is typed there (Space
  /// types a space, Right moves the cursor, Escape leaves the entry): its buttons still work.
  public var yieldsKeysToNotes: Bool {
    switch self {
    case .meeting(.pause), .meeting(.nextSpeaker), .meeting(.previousSpeaker), .meeting(.addMinute),
      .meeting(.compactView), .meeting(.endMeeting), .meeting(.mute), .meeting(.takeNote), .meeting(.captions):
      true
    case .app, .window, .meeting, .history, .editor: false
    }
  }

  /// The groups of the shortcuts window, in order.
  public enum HelpGroup: CaseIterable, Sendable {
    case scrums, editor, editing, meeting, general

    /// The group's heading.
    public var title: String {
      switch self {
      case .scrums: tr("Scrums")
      case .editor: tr("Editor")
      case .editing: tr("Editing Lists")
      case .meeting: tr("Meeting")
      case .general: tr("General")
      }
    }
  }

  /// Where the shortcuts window lists the command, and as what (nil: commands without keys).
  public var help: (group: HelpGroup, title: String)? {
    switch self {
    case .app(.newScrum): (.scrums, tr("New scrum"))
    case .window(.edit): (.scrums, tr("Edit scrum"))
    case .window(.search): (.scrums, tr("Search scrums, or what was said in a scrum's meetings"))
    case .window(.startMeeting): (.scrums, tr("Start meeting"))
    case .window(.back): (.scrums, tr("Go back"))
    case .editor(.confirm): (.editor, tr("Add or Done"))
    case .editor(.cancel): (.editor, tr("Dismiss or Cancel"))
    case .meeting(.pause): (.meeting, tr("Pause or resume"))
    case .meeting(.nextSpeaker): (.meeting, tr("Next speaker"))
    case .meeting(.previousSpeaker): (.meeting, tr("Previous speaker"))
    case .meeting(.addMinute): (.meeting, tr("Add a minute to the turn"))
    case .meeting(.compactView): (.meeting, tr("Compact view"))
    case .meeting(.endMeeting): (.meeting, tr("End meeting"))
    case .meeting(.mute): (.meeting, tr("Mute or unmute the ding"))
    case .meeting(.fullscreen): (.meeting, tr("Full screen"))
    case .meeting(.present): (.meeting, tr("Present on another monitor, or stop"))
    case .meeting(.takeNote): (.meeting, tr("Take a note"))
    case .meeting(.captions): (.meeting, tr("Show or hide live captions"))
    case .window(.showShortcuts): (.general, tr("Keyboard shortcuts"))
    case .window(.preferences): (.general, tr("Preferences"))
    case .window(.showMenu): (.general, tr("Main menu"))
    case .app(.quit): (.general, tr("Quit"))
    case .window(.undo): (.scrums, tr("Undo the last delete"))
    case .window(.importScrums): (.scrums, tr("Import scrums from a file"))
    case .window(.deleteScrum): (.scrums, tr("Delete scrum"))
    case .window(.about), .window(.openScrum), .window(.openHistory), .window(.shuffleLineup), .window(.deleteMeeting),
      .history, .app(.startScheduled), .meeting(.presentOn):
      nil
    }
  }

  /// Whether running the command changes the saved data (refused while read-only). New
  /// Scrum is not here: asking for it gets a visible answer instead.
  public var changesData: Bool {
    switch self {
    case .window(.edit), .window(.deleteScrum), .window(.startMeeting), .window(.deleteMeeting), .window(.undo),
      .window(.importScrums):
      true
    case .app, .window, .meeting, .history, .editor: false
    }
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
  /// that asking for it gets a visible answer (see `ScrumListModel.requestNewScrum`).
  public func isEnabled(in context: Context) -> Bool {
    if context.readOnly, changesData { return false }
    let route = context.route
    return switch self {
    case .app, .window(.showShortcuts), .window(.about), .window(.showMenu), .window(.preferences), .editor(.cancel):
      true
    case .editor(.confirm): context.draftCanSave
    case .window(.openScrum), .window(.importScrums): route == .list
    case .window(.search): route == .list || route.isDetail
    case .window(.edit), .window(.deleteScrum), .window(.openHistory), .window(.shuffleLineup),
      .history(.exportHistory):
      route.isDetail
    case .window(.deleteMeeting): route.isDetail || route.isHistory
    case .window(.undo): context.canUndo && !route.isMeeting
    case .window(.startMeeting): route.isDetail && !context.meetingRunning && !context.nobodyHere
    case .window(.back): route != .list
    case .meeting(.previousSpeaker): route.isMeeting && context.canGoBack
    case .meeting(.present), .meeting(.presentOn): route.isMeeting && context.canPresent
    case .meeting: route.isMeeting
    case .history(.addToCalendar): route.isDetail && context.isScheduled
    case .history(.copySummary), .history(.copySummaryWithTranscript): route.isHistory
    }
  }
}

/// The commands of one scope: their raw values are the actions' names inside it.
public protocol ScopedCommand: CaseIterable, Hashable, RawRepresentable<String>, Sendable {
  /// The scope's prefix ("meeting").
  static var scope: String { get }
  /// The command of the table.
  var command: Command { get }
}

/// The application's commands.
public enum AppCommand: String, ScopedCommand {
  case newScrum = "new-scrum"
  /// A reminder's "Start Meeting": shows the window with that scrum's meeting started.
  case startScheduled = "start-scheduled"
  case quit

  public static let scope = "app"
  public var command: Command { .app(self) }
}

/// The main window's commands: pages, scrums, undo and the window's tools.
public enum WindowCommand: String, ScopedCommand {
  case showShortcuts = "shortcuts"
  case about
  case preferences
  case showMenu = "show-menu"
  case openScrum = "open-scrum"
  /// Opens the list's search field (the list filters as the title is typed).
  case search
  case edit
  case startMeeting = "start-meeting"
  case deleteScrum = "delete-scrum"
  case shuffleLineup = "shuffle-lineup"
  case deleteMeeting = "delete-meeting"
  case undo
  /// Adds the scrums and meetings of a scrums file to the list (nothing is taken away).
  case importScrums = "import-scrums"
  case openHistory = "open-history"
  case back

  public static let scope = "win"
  public var command: Command { .window(self) }
}

/// The commands of the meeting under way.
public enum MeetingCommand: String, ScopedCommand {
  case pause
  case nextSpeaker = "next-speaker"
  case previousSpeaker = "previous-speaker"
  case addMinute = "add-minute"
  case compactView = "compact-view"
  case endMeeting = "end-meeting"
  case mute
  case fullscreen
  /// Presents the meeting on another monitor, or stops presenting it.
  case present
  /// Presents the meeting on the monitor plugged into the connector it is given.
  case presentOn = "present-on"
  case takeNote = "notes"
  /// Shows or hides the live captions.
  case captions

  public static let scope = "meeting"
  public var command: Command { .meeting(self) }
}

/// The commands of a scrum's history: exporting it, its schedule, a meeting's summary.
public enum HistoryCommand: String, ScopedCommand {
  case exportHistory = "export-history"
  case addToCalendar = "add-to-calendar"
  case copySummary = "copy-summary"
  /// The same with the meeting's transcript: sent on only when asked.
  case copySummaryWithTranscript = "copy-summary-with-transcript"

  public static let scope = "history"
  public var command: Command { .history(self) }
}

/// The editor sheet's commands.
public enum EditorCommand: String, ScopedCommand {
  case confirm
  case cancel

  public static let scope = "editor"
  public var command: Command { .editor(self) }
}
