// The editor's "Language of the meetings" row and its chooser. The row names the scrum's
// language (in the user's language, from iso-codes) and, where this computer records or
// captions the scrum, says when no model here hears it, or when the shared file named a
// language this app does not know. Activating it opens the chooser, as GNOME Settings' own:
// a search field over every language Whisper hears, filtered as it is typed (case and accents
// ignored), each a row that chooses it.
import GtkShim
import ScrumdingerCore

/// The editor's language row.
@MainActor final class LanguageEditor {
  /// "Language of the meetings": the language's name, or what is wrong with it.
  let row = ActionRow(title: tr("Language of the meetings"))
  /// The chooser, while it is open.
  private(set) var chooser: LanguageChooser?
  private let names: LanguageNames
  private let parent: Widget
  private let draft: () -> ScrumDraft
  private let change: ((inout ScrumDraft) -> Void) -> Void
  /// Why a scrum's meetings cannot be heard here, or nil.
  private let unheard: (DailyScrum) -> String?

  init(
    parent: Widget, names: LanguageNames, draft: @escaping () -> ScrumDraft,
    change: @escaping ((inout ScrumDraft) -> Void) -> Void,
    unheard: @escaping (DailyScrum) -> String?
  ) {
    self.names = names
    self.parent = parent
    self.draft = draft
    self.change = change
    self.unheard = unheard
    row.isFocusable = true
    row.addSuffix(Image(iconName: "go-next-symbolic"))
    row.onActivated { [weak self] in self?.choose() }
    show()
  }

  /// Says the draft's language, and what stops its meetings from being heard here when this
  /// computer records or captions them.
  func show() {
    let draft = draft()
    let scrum = draft.scrum
    let name = scrum.speechLanguage.map(names.name(of:))
    let problem = draft.recordsMeetings || draft.showsCaptions || name == nil ? unheard(scrum) : nil
    row.subtitle = [name, problem].compactMap { $0 }.joined(separator: "\n")
  }

  /// Opens the chooser over the editor.
  private func choose() {
    guard chooser == nil else { return }
    let chooser = LanguageChooser(parent: parent, names: names) { [weak self] language in
      self?.change { $0.language = language.code }
      self?.show()
    }
    chooser.onClosed = { [weak self] in self?.chooser = nil }
    self.chooser = chooser
    chooser.present()
  }
}

/// The list of languages to choose from, searched by typing.
@MainActor final class LanguageChooser {
  let window: DialogWindow
  let search = SearchEntry(placeholder: tr("Search languages"), accessibleName: tr("Search languages"))
  let list = ListBox(named: tr("Languages"))
  /// The rows shown, each with its language.
  private(set) var rows: [(row: ListBoxRow, language: SpeechLanguage)] = []
  private let names: LanguageNames
  private let chosen: @MainActor (SpeechLanguage) -> Void
  /// Runs once the window has closed, however it closed.
  var onClosed: (@MainActor () -> Void)?

  init(parent: Widget, names: LanguageNames, chosen: @escaping @MainActor (SpeechLanguage) -> Void) {
    self.names = names
    self.chosen = chosen
    window = DialogWindow(parent: parent, title: tr("Language of the meetings"), width: 360, height: 480)
    let header = HeaderBar(title: tr("Language of the meetings"))
    let page = Box(vertical: true, spacing: 12)
    page.setMargins(12)
    page.append(search)
    let scroller = ScrolledWindow(list)
    scroller.expand(vertically: true)
    page.append(scroller)
    let root = Box(vertical: true)
    root.append(header)
    root.append(page)
    window.content = root
    search.onSearchChanged { [weak self] in self?.filter() }
    list.onRowActivated { [weak self] row in self?.choose(row) }
    window.onUnrealize { [weak self] in self?.onClosed?() }
    filter()
  }

  /// Shows it with the search field focused.
  func present() {
    window.present()
    _ = search.grabFocus()
  }

  /// Lists the languages whose name holds what was typed.
  private func filter() {
    list.removeAll()
    rows = names.matching(search.text).map { language in
      let label = Label(names.name(of: language))
      label.setHorizontalAlignment(0)
      label.setMargins(12)
      let row = ListBoxRow(label)
      row.setAccessibleLabel(names.name(of: language))
      list.append(row)
      return (row, language)
    }
  }

  private func choose(_ row: Widget) {
    guard let language = rows.first(where: { $0.row === row })?.language else { return }
    chosen(language)
    window.close()
  }
}
