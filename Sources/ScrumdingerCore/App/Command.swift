// Every command of the app, declared once: its action name, its keys, whether the help window
// lists it, and when it is enabled. Buttons, menus, accelerators and the shortcuts window all
// read this table, so a command works (or is greyed out) the same way from each of them and
// the help cannot drift from the keys. Each scope's commands are their own enum, so the one
// place that runs them (the application, the window, the meeting under way, the history's
// actions, the editor) switches over its own commands only: one corridor per scope, and a
// command added to a scope that nobody runs does not compile. Within a scope, one switch gives
// each command's facts (`CommandFacts`) and one its enabled rule over the scope's own small
// context, neither with a catch-all: a command added without them does not compile either.

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

  /// Everything the table says of the command but its name and its enabled rule.
  public var facts: CommandFacts {
    switch self {
    case .app(let command): command.facts
    case .window(let command): command.facts
    case .meeting(let command): command.facts
    case .history(let command): command.facts
    case .editor(let command): command.facts
    }
  }

  /// The keyboard accelerators, in GTK's syntax.
  public var accelerators: [String] { facts.keys }

  /// Where the shortcuts window lists the command, and as what (nil: commands without keys).
  public var help: (group: HelpGroup, title: String)? { facts.help }

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

  /// What the window's, the meeting's and the history's enabled rules look at, each scope its
  /// own part (the editor, a window of its own, has its own context).
  public struct Context: Equatable, Sendable {
    public var window: WindowCommand.Context
    public var meeting: MeetingCommand.Context
    public var history: HistoryCommand.Context

    public init(window: WindowCommand.Context, meeting: MeetingCommand.Context, history: HistoryCommand.Context) {
      self.window = window
      self.meeting = meeting
      self.history = history
    }
  }
}

/// What the table holds of one command besides its name and its enabled rule.
public struct CommandFacts: Sendable {
  /// The keyboard accelerators, in GTK's syntax.
  public let keys: [String]
  /// Where the shortcuts window lists the command, and as what (nil: commands without keys).
  public let help: (group: Command.HelpGroup, title: String)?
  /// Whether the action takes the id of the scrum or meeting it applies to, or the connector
  /// of a monitor.
  public let takesArgument: Bool
  /// Whether the command's keys go to the notes entry while a note is typed there (Space
  /// types a space, Right moves the cursor, Escape leaves the entry): its buttons still work.
  public let yieldsKeysToNotes: Bool
  /// Whether running the command changes the saved data (refused while read-only). New Scrum
  /// is not: asking for it gets a visible answer instead.
  public let changesData: Bool

  init(
    keys: [String] = [], help: (group: Command.HelpGroup, title: String)? = nil, takesArgument: Bool = false,
    yieldsKeysToNotes: Bool = false, changesData: Bool = false
  ) {
    self.keys = keys
    self.help = help
    self.takesArgument = takesArgument
    self.yieldsKeysToNotes = yieldsKeysToNotes
    self.changesData = changesData
  }
}

/// The commands of one scope: their raw values are the actions' names inside it.
public protocol ScopedCommand: CaseIterable, Hashable, RawRepresentable<String>, Sendable {
  /// The scope's prefix ("meeting").
  static var scope: String { get }
  /// The command of the table.
  var command: Command { get }
  /// Everything the table says of the command but its name and its enabled rule.
  var facts: CommandFacts { get }
}

/// A scope whose commands are enabled by a rule over what its own context says.
public protocol RuledCommand: ScopedCommand {
  /// What the scope's rule looks at.
  associatedtype Context: Equatable, Sendable
  /// Whether the command can run in `context`.
  func isEnabled(in context: Context) -> Bool
}

/// The application's commands: always enabled (New Scrum during a meeting gets a visible
/// answer, see `ScrumListModel.requestNewScrum`).
public enum AppCommand: String, ScopedCommand {
  case newScrum = "new-scrum"
  /// A reminder's "Start Meeting": shows the window with that scrum's meeting started.
  case startScheduled = "start-scheduled"
  case quit

  public static let scope = "app"
  public var command: Command { .app(self) }

  public var facts: CommandFacts {
    switch self {
    case .newScrum: CommandFacts(keys: ["<Control>n"], help: (.scrums, tr("New scrum")))
    case .startScheduled: CommandFacts(takesArgument: true)
    case .quit: CommandFacts(keys: ["<Control>q"], help: (.general, tr("Quit")))
    }
  }
}

/// The main window's commands: pages, scrums, undo and the window's tools.
public enum WindowCommand: String, RuledCommand {
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
  /// Takes the file read at start as it was, where a merge at start kept this computer's
  /// changes (offered in the main menu until the next save).
  case useFileAsItIs = "use-file-as-it-is"

  public static let scope = "win"
  public var command: Command { .window(self) }

  public var facts: CommandFacts {
    switch self {
    case .showShortcuts: CommandFacts(keys: ["<Control>question"], help: (.general, tr("Keyboard shortcuts")))
    case .about: CommandFacts()
    case .preferences: CommandFacts(keys: ["<Control>comma"], help: (.general, tr("Preferences")))
    case .showMenu: CommandFacts(keys: ["F10"], help: (.general, tr("Main menu")))
    case .openScrum, .openHistory: CommandFacts(takesArgument: true)
    case .search:
      CommandFacts(keys: ["<Control>f"], help: (.scrums, tr("Search scrums, or what was said in a scrum's meetings")))
    case .edit: CommandFacts(keys: ["<Control>e"], help: (.scrums, tr("Edit scrum")), changesData: true)
    case .startMeeting:
      CommandFacts(keys: ["<Control>Return"], help: (.scrums, tr("Start meeting")), changesData: true)
    case .deleteScrum:
      CommandFacts(keys: ["<Control>Delete"], help: (.scrums, tr("Delete scrum")), changesData: true)
    case .shuffleLineup: CommandFacts()
    case .deleteMeeting: CommandFacts(takesArgument: true, changesData: true)
    case .undo: CommandFacts(keys: ["<Control>z"], help: (.scrums, tr("Undo the last delete")), changesData: true)
    case .importScrums:
      CommandFacts(keys: ["<Control>o"], help: (.scrums, tr("Import scrums from a file")), changesData: true)
    case .back: CommandFacts(keys: ["<Alt>Left"], help: (.scrums, tr("Go back")))
    case .useFileAsItIs: CommandFacts(changesData: true)
    }
  }

  /// What the window's rule looks at.
  public struct Context: Equatable, Sendable {
    /// The page on show.
    public var route: Route
    /// Whether a meeting is under way.
    public var meetingRunning: Bool
    /// Whether another instance owns the data, so nothing may change it here.
    public var readOnly: Bool
    /// Whether the scrum shown has attendees and none of them is here today.
    public var nobodyHere: Bool
    /// Whether a delete can still be undone (its toast is up).
    public var canUndo: Bool
    /// Whether the file read at start is on offer as it was (`FileAsItWasOffer`).
    public var fileAsItWasOffered: Bool

    public init(
      route: Route, meetingRunning: Bool = false, readOnly: Bool = false, nobodyHere: Bool = false,
      canUndo: Bool = false, fileAsItWasOffered: Bool = false
    ) {
      self.route = route
      self.meetingRunning = meetingRunning
      self.readOnly = readOnly
      self.nobodyHere = nobodyHere
      self.canUndo = canUndo
      self.fileAsItWasOffered = fileAsItWasOffered
    }
  }

  public func isEnabled(in context: Context) -> Bool {
    if context.readOnly, facts.changesData { return false }
    let route = context.route
    return switch self {
    case .showShortcuts, .about, .showMenu, .preferences: true
    case .openScrum, .importScrums: route == .list
    case .search: route == .list || route.isDetail
    case .edit, .deleteScrum, .openHistory, .shuffleLineup: route.isDetail
    case .deleteMeeting: route.isDetail || route.isHistory
    case .undo: context.canUndo && !route.isMeeting
    case .startMeeting: route.isDetail && !context.meetingRunning && !context.nobodyHere
    case .back: route != .list
    case .useFileAsItIs: context.fileAsItWasOffered
    }
  }
}

/// The commands of the meeting under way.
public enum MeetingCommand: String, RuledCommand {
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

  public var facts: CommandFacts {
    switch self {
    case .pause: typing(["space"], tr("Pause or resume"))
    case .nextSpeaker: typing(["Right", "n", "Page_Down"], tr("Next speaker"))
    case .previousSpeaker: typing(["Left", "p", "Page_Up"], tr("Previous speaker"))
    case .addMinute: typing(["plus", "KP_Add"], tr("Add a minute to the turn"))
    case .compactView: typing(["c"], tr("Compact view"))
    case .endMeeting: typing(["Escape"], tr("End meeting"))
    case .mute: typing(["m"], tr("Mute or unmute the ding"))
    case .fullscreen: CommandFacts(keys: ["F11"], help: (.meeting, tr("Full screen")))
    case .present: CommandFacts(keys: ["F5"], help: (.meeting, tr("Present on another monitor, or stop")))
    case .presentOn: CommandFacts(takesArgument: true)
    case .takeNote: typing(["t"], tr("Take a note"))
    case .captions: typing(["s"], tr("Show or hide live captions"))
    }
  }

  /// A command whose keys a note being typed takes over.
  private func typing(_ keys: [String], _ title: String) -> CommandFacts {
    CommandFacts(keys: keys, help: (.meeting, title), yieldsKeysToNotes: true)
  }

  /// What the meeting's rule looks at.
  public struct Context: Equatable, Sendable {
    /// Whether the meeting's page is on show.
    public var isShown: Bool
    /// Whether the meeting has a turn to go back to.
    public var canGoBack: Bool
    /// Whether the meeting can be presented on another monitor (or is).
    public var canPresent: Bool

    public init(isShown: Bool, canGoBack: Bool = false, canPresent: Bool = false) {
      self.isShown = isShown
      self.canGoBack = canGoBack
      self.canPresent = canPresent
    }
  }

  public func isEnabled(in context: Context) -> Bool {
    switch self {
    case .previousSpeaker: context.isShown && context.canGoBack
    case .present, .presentOn: context.isShown && context.canPresent
    case .pause, .nextSpeaker, .addMinute, .compactView, .endMeeting, .mute, .fullscreen, .takeNote, .captions:
      context.isShown
    }
  }
}

/// The commands of a scrum's history: exporting it, its schedule, a meeting's summary.
public enum HistoryCommand: String, RuledCommand {
  case exportHistory = "export-history"
  case addToCalendar = "add-to-calendar"
  case copySummary = "copy-summary"
  /// The same with the meeting's transcript: sent on only when asked.
  case copySummaryWithTranscript = "copy-summary-with-transcript"

  public static let scope = "history"
  public var command: Command { .history(self) }

  /// From the menus only: no keys.
  public var facts: CommandFacts {
    switch self {
    case .exportHistory, .addToCalendar, .copySummary, .copySummaryWithTranscript: CommandFacts()
    }
  }

  /// What the history's rule looks at.
  public struct Context: Equatable, Sendable {
    /// The page on show.
    public var route: Route
    /// Whether the scrum shown meets on a schedule.
    public var isScheduled: Bool

    public init(route: Route, isScheduled: Bool = false) {
      self.route = route
      self.isScheduled = isScheduled
    }
  }

  public func isEnabled(in context: Context) -> Bool {
    switch self {
    case .exportHistory: context.route.isDetail
    case .addToCalendar: context.route.isDetail && context.isScheduled
    case .copySummary, .copySummaryWithTranscript: context.route.isHistory
    }
  }
}

/// The editor sheet's commands.
public enum EditorCommand: String, RuledCommand {
  case confirm
  case cancel

  public static let scope = "editor"
  public var command: Command { .editor(self) }

  public var facts: CommandFacts {
    switch self {
    case .confirm: CommandFacts(keys: ["<Control>Return"], help: (.editor, tr("Add or Done")))
    case .cancel: CommandFacts(keys: ["Escape"], help: (.editor, tr("Dismiss or Cancel")))
    }
  }

  /// What the editor's rule looks at.
  public struct Context: Equatable, Sendable {
    /// Whether the draft can be saved.
    public var draftCanSave: Bool

    public init(draftCanSave: Bool) { self.draftCanSave = draftCanSave }
  }

  public func isEnabled(in context: Context) -> Bool {
    switch self {
    case .confirm: context.draftCanSave
    case .cancel: true
    }
  }
}
