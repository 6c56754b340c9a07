import FoundationEssentials
import GtkShim
import ScrumdingerCore

/// One downloadable speech model in Preferences: its row (what it is, where its download
/// stands), a progress bar, and its Download / Cancel / Resume buttons.
@MainActor final class ModelDownloadRow {
  /// The texts of one offer: its row's title, its download button's label, and its buttons'
  /// accessible names (each unique in the window).
  struct Labels {
    var title: String
    var downloadLabel: String
    var download: String
    var cancel: String
    var resume: String
  }

  /// What the model is, and where its download stands in words.
  let row: ActionRow
  /// Starts (or resumes) the download.
  let downloadButton: Button
  /// Stops the download (what arrived is kept for a resume).
  let cancelButton: Button
  /// How far the download is.
  let progress = ProgressBar()
  /// The row's buttons, for the group to show under it.
  let buttons = Box(vertical: false, spacing: 12)
  private let download: ModelDownload
  private let labels: Labels
  private var observation: ObservationToken?
  /// Called when the model is in place.
  var onInstalled: (@MainActor () -> Void)?

  /// The offer of `download`, said with `labels`.
  init(_ download: ModelDownload, labels: Labels) {
    self.download = download
    self.labels = labels
    row = ActionRow(
      title: labels.title, subtitle: tr("Downloaded only when you ask, and checked against its published checksum"))
    downloadButton = Button(label: labels.downloadLabel, accessibleName: labels.download)
    cancelButton = Button(label: tr("Cancel Download"), accessibleName: labels.cancel)
    progress.setAccessibleLabel(tr("Download progress"))
    progress.isVisible = false
    buttons.setMargins(6)
    buttons.append(downloadButton)
    buttons.append(cancelButton)
    downloadButton.onClicked { [weak self] in self?.download.start() }
    cancelButton.onClicked { [weak self] in self?.download.cancel() }
    observation = download.state.observe { [weak self] state in self?.show(state) }
    show(download.state.value)
  }

  private func show(_ state: DownloadState) {
    var busy = false
    switch state {
    case .idle: row.subtitle = tr("Downloaded only when you ask, and checked against its published checksum")
    case .downloading(let received, let total):
      busy = true
      progress.fraction = total.map { $0 > 0 ? Double(received) / Double($0) : 0 } ?? 0
      row.subtitle =
        total.map { tr("Downloading… %@ of %@", Preferences.megabytes(received), Preferences.megabytes($0)) }
        ?? tr("Downloading… %@", Preferences.megabytes(received))
    case .verifying:
      busy = true
      row.subtitle = tr("Checking the download…")
    case .installed:
      row.subtitle = tr("Downloaded and checked")
      onInstalled?()
    case .cancelled: row.subtitle = tr("Download stopped: it goes on from where it stopped")
    case .failed(let reason): row.subtitle = tr("Download failed: %@", reason)
    }
    progress.isVisible = busy
    cancelButton.isVisible = busy
    downloadButton.isVisible = !busy && state != .installed
    let resumes = state == .cancelled || { if case .failed = state { true } else { false } }()
    downloadButton.label = resumes ? tr("Resume Download") : labels.downloadLabel
    downloadButton.setAccessibleLabel(resumes ? labels.resume : labels.download)
  }
}
