// Preferences (libadwaita's preferences window): the sounds (SoundPreferences), and the speech
// model. It says which model transcribes and how big it is, offers the model downloads, the only
// connections the app makes (only when asked, with progress, cancellable, resumable, checked
// against the published SHA-256 and size; each a ModelDownloadRow): base.en in 5-bit first,
// the full-precision file under it for higher accuracy, and the multilingual model that
// scrums held in other languages need; and takes a model file the user
// already has, once the helper process has opened it. Built when opened, never before the
// first frame; the download's state lives in ModelDownload, so closing the window does not
// stop it and reopening shows where it stands.
import FoundationEssentials
import GtkShim
import Platform
import ScrumdingerCore

/// The Preferences window.
@MainActor final class Preferences {
  let window: PreferencesWindow
  /// The end-of-turn sound and the volume.
  let sounds: SoundPreferences
  /// "Run in the background for reminders".
  let backgroundSwitch = Switch(accessibleName: tr("Run in the background for reminders"))
  /// "Show words said in meetings in Activities search" (off by default).
  let overviewWordsSwitch = Switch(accessibleName: tr("Show words said in meetings in Activities search"))
  /// "Speech model": the one in use and its size.
  let modelRow = ActionRow(title: tr("Speech model"))
  /// The English model, base.en in 5-bit (57 MiB): "Download English Speech Model".
  let englishModel: ModelDownloadRow
  /// The same model at full precision (142 MiB): "Higher accuracy (142 MiB)".
  let accurateModel: ModelDownloadRow
  /// The multilingual base model in 5-bit (57 MiB): "Download Multilingual Speech Model".
  let multilingualModel: ModelDownloadRow
  /// Takes a model file the user already has.
  let chooseButton = Button(label: tr("Choose Model File…"), accessibleName: tr("Choose Model File…"))
  private let engine: any SpeechEngine
  /// Called with a message for the main window's toasts.
  var onMessage: (@MainActor (String) -> Void)?
  /// Called when a model file was added.
  var onModelAdded: (@MainActor () -> Void)?

  init(
    parent: ApplicationWindow, sounds: SoundSettings, background: Background, downloads: ModelDownloads,
    overviewWords: OverviewWords, engine: any SpeechEngine
  ) {
    self.engine = engine
    self.sounds = SoundPreferences(settings: sounds)
    window = PreferencesWindow(parent: parent, title: tr("Preferences"), width: 560, height: 640)
    englishModel = ModelDownloadRow(
      downloads.english,
      labels: .init(
        title: tr("English speech model (whisper.cpp base.en, 57 MiB)"),
        downloadLabel: tr("Download English Speech Model"),
        download: tr("Download English Speech Model"), cancel: tr("Cancel Download"), resume: tr("Resume Download")))
    accurateModel = ModelDownloadRow(
      downloads.accurate,
      labels: .init(
        title: tr("Higher accuracy (142 MiB)"), downloadLabel: tr("Download"),
        download: tr("Download Higher Accuracy Model"), cancel: tr("Cancel Higher Accuracy Download"),
        resume: tr("Resume Higher Accuracy Download")))
    multilingualModel = ModelDownloadRow(
      downloads.multilingual,
      labels: .init(
        title: tr("Other languages (whisper.cpp base, 99 languages, 57 MiB)"),
        downloadLabel: tr("Download Multilingual Speech Model"),
        download: tr("Download Multilingual Speech Model"), cancel: tr("Cancel Multilingual Download"),
        resume: tr("Resume Multilingual Download")))
    let group = PreferencesGroup(
      title: tr("Speech to Text"),
      description: tr("Recorded meetings are transcribed on this computer; nothing leaves it."))
    group.add(modelRow)
    for offer in [englishModel, accurateModel, multilingualModel] {
      group.add(offer.row)
      group.add(offer.progress)
      group.add(offer.buttons)
      offer.onInstalled = { [weak self] in self?.showModel() }
    }
    let choosing = Box(vertical: false, spacing: 12)
    choosing.setMargins(6)
    choosing.append(chooseButton)
    group.add(choosing)
    let reminders = PreferencesGroup(title: tr("Reminders"))
    reminders.add(
      Self.switchRow(
        backgroundSwitch, title: tr("Run in the background for reminders"),
        subtitle: tr("While a scrum meets on a schedule, reminders come with the window closed, and from login on"),
        isOn: background.isEnabled
      ) { background.isEnabled = $0 })
    let search = PreferencesGroup(title: tr("Search"))
    search.add(
      Self.switchRow(
        overviewWordsSwitch, title: tr("Show words said in meetings in Activities search"),
        subtitle: tr(
          "What was said or noted in meetings then appears in the overview, for example while sharing the screen"),
        isOn: overviewWords.isEnabled
      ) { overviewWords.isEnabled = $0 })
    window.addPage(
      title: tr("General"), iconName: "preferences-system-symbolic",
      groups: [self.sounds.group, reminders, search, group])

    englishModel.downloadButton.addCSSClass("suggested-action")
    chooseButton.onClicked { [weak self] in self?.chooseModel(parent: parent) }
    showModel()
  }

  /// Shows the window.
  func present() { window.present() }

  private func showModel() {
    guard let model = engine.model else {
      modelRow.subtitle = tr("None: recorded meetings are kept, and transcribed once there is one")
      return
    }
    modelRow.subtitle = tr("%@ · %@", Files.name(of: model), Self.megabytes(Files.size(of: model)))
  }

  /// A row saying `title` and `subtitle` with `toggle` at its end, on when `isOn`; `changed`
  /// hears each change of it.
  private static func switchRow(
    _ toggle: Switch, title: String, subtitle: String, isOn: Bool, changed: @escaping @MainActor (Bool) -> Void
  ) -> ActionRow {
    let row = ActionRow(title: title, subtitle: subtitle)
    toggle.isOn = isOn
    toggle.align(vertical: .center)
    row.addSuffix(toggle)
    row.setActivatableWidget(toggle)
    toggle.onToggled { [weak toggle] in
      guard let toggle else { return }
      changed(toggle.isOn)
    }
    return row
  }

  private func chooseModel(parent: ApplicationWindow) {
    let chooser = FileChooser(
      title: tr("Choose Model File"), acceptLabel: tr("_Choose"), parent: parent,
      filters: [(tr("whisper.cpp models"), "*.bin")])
    chooser.present { [weak self] path, _ in
      guard let self, let path else { return }
      self.engine.adopt(modelFile: path) { [weak self] problem in
        guard let self else { return }
        if let problem {
          self.onMessage?(tr("That model cannot be used: %@", problem))
          return
        }
        self.showModel()
        self.onMessage?(tr("Speech model added"))
        self.onModelAdded?()
      }
    }
  }

  /// "142 MB".
  static func megabytes(_ bytes: Int) -> String {
    tr("%d MB", (bytes + 500_000) / 1_000_000)
  }
}
