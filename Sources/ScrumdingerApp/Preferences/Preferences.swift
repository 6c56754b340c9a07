// Preferences (libadwaita's preferences window): the sounds (SoundPreferences), and the speech
// model. It says which model transcribes and how big it is, offers the one download the app
// makes (only when asked, with progress, cancellable, resumable, checked against its published
// SHA-1) and takes a model file the user already has. Built when opened, never before the
// first frame; the download's state lives in ModelDownload, so closing the window does not
// stop it and reopening shows where it stands.
import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// The Preferences window.
@MainActor final class Preferences {
  let window: PreferencesWindow
  /// The end-of-turn sound and the volume.
  let sounds: SoundPreferences
  /// "Run in the background for reminders".
  let backgroundSwitch = Switch(accessibleName: tr("Run in the background for reminders"))
  /// "Speech model": the one in use and its size.
  let modelRow = ActionRow(title: tr("Speech model"))
  /// Starts (or resumes) the download.
  let downloadButton = Button(label: tr("Download English Speech Model"), accessibleName: tr("Download English Speech Model"))
  /// Stops the download (what arrived is kept for a resume).
  let cancelButton = Button(label: tr("Cancel Download"), accessibleName: tr("Cancel Download"))
  /// How far the download is.
  let progress = ProgressBar()
  /// Where the download stands, in words.
  let downloadRow: ActionRow
  /// Takes a model file the user already has.
  let chooseButton = Button(label: tr("Choose Model File…"), accessibleName: tr("Choose Model File…"))
  private let download: ModelDownload
  private let engine: WhisperEngine?
  private var observation: ObservationToken?
  /// Called with a message for the main window's toasts.
  var onMessage: (@MainActor (String) -> Void)?
  /// Called when a model file was added.
  var onModelAdded: (@MainActor () -> Void)?

  init(
    parent: ApplicationWindow, sounds: SoundSettings, background: Background, download: ModelDownload, engine: WhisperEngine?
  ) {
    self.download = download
    self.engine = engine
    self.sounds = SoundPreferences(settings: sounds)
    window = PreferencesWindow(parent: parent, title: tr("Preferences"), width: 560, height: 640)
    downloadRow = ActionRow(
      title: tr("English speech model (whisper.cpp base.en, 142 MB)"),
      subtitle: tr("Downloaded only when you ask, and checked against its published checksum"))
    let group = PreferencesGroup(
      title: tr("Speech to Text"),
      description: tr("Recorded meetings are transcribed on this computer; nothing leaves it."))
    group.add(modelRow)
    progress.setAccessibleLabel(tr("Download progress"))
    progress.isVisible = false
    let buttons = Box(vertical: false, spacing: 12)
    buttons.setMargins(6)
    buttons.append(downloadButton)
    buttons.append(cancelButton)
    buttons.append(chooseButton)
    group.add(downloadRow)
    group.add(progress)
    group.add(buttons)
    let reminders = PreferencesGroup(title: tr("Reminders"))
    let backgroundRow = ActionRow(
      title: tr("Run in the background for reminders"),
      subtitle: tr("While a scrum meets on a schedule, reminders come with the window closed, and from login on"))
    backgroundSwitch.isOn = background.isEnabled
    backgroundSwitch.align(vertical: .center)
    backgroundRow.addSuffix(backgroundSwitch)
    backgroundRow.setActivatableWidget(backgroundSwitch)
    reminders.add(backgroundRow)
    backgroundSwitch.onToggled { [weak self] in
      guard let self else { return }
      background.isEnabled = self.backgroundSwitch.isOn
    }
    window.addPage(
      title: tr("General"), iconName: "preferences-system-symbolic", groups: [self.sounds.group, reminders, group])

    downloadButton.addCSSClass("suggested-action")
    downloadButton.onClicked { [weak self] in self?.download.start() }
    cancelButton.onClicked { [weak self] in self?.download.cancel() }
    chooseButton.onClicked { [weak self] in self?.chooseModel(parent: parent) }
    observation = download.state.observe { [weak self] state in self?.show(state) }
    show(download.state.value)
    showModel()
  }

  /// Shows the window.
  func present() { window.present() }

  private func show(_ state: DownloadState) {
    var busy = false
    switch state {
    case .idle: downloadRow.subtitle = tr("Downloaded only when you ask, and checked against its published checksum")
    case .downloading(let received, let total):
      busy = true
      progress.fraction = total.map { $0 > 0 ? Double(received) / Double($0) : 0 } ?? 0
      downloadRow.subtitle = total.map { tr("Downloading… %@ of %@", Self.megabytes(received), Self.megabytes($0)) }
        ?? tr("Downloading… %@", Self.megabytes(received))
    case .verifying:
      busy = true
      downloadRow.subtitle = tr("Checking the download…")
    case .installed:
      downloadRow.subtitle = tr("Downloaded and checked")
      showModel()
    case .cancelled: downloadRow.subtitle = tr("Download stopped: it goes on from where it stopped")
    case .failed(let reason): downloadRow.subtitle = tr("Download failed: %@", reason)
    }
    progress.isVisible = busy
    cancelButton.isVisible = busy
    downloadButton.isVisible = !busy && state != .installed
    if state == .cancelled || { if case .failed = state { true } else { false } }() {
      downloadButton.label = tr("Resume Download")
      downloadButton.setAccessibleLabel(tr("Resume Download"))
    }
  }

  private func showModel() {
    guard let engine, let model = engine.model else {
      modelRow.subtitle = tr("None: recorded meetings are kept, and transcribed once there is one")
      return
    }
    modelRow.subtitle = tr("%@ · %@", Path.name(of: model), Self.megabytes(Path.size(of: model)))
  }

  private func chooseModel(parent: ApplicationWindow) {
    let chooser = FileChooser(
      title: tr("Choose Model File"), acceptLabel: tr("_Choose"), parent: parent,
      filters: [(tr("whisper.cpp models"), "*.bin")])
    chooser.present { [weak self] path, _ in
      guard let self, let path else { return }
      self.engine?.adopt(modelFile: path) { [weak self] problem in
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
