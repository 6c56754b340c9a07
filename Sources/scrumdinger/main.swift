// The executable only starts the app; everything else lives in ScrumdingerApp.
import Glibc
import ScrumdingerApp

let status = MainActor.assumeIsolated {
  ScrumdingerApplication.setUpLocale()
  return ScrumdingerApplication().run()
}
exit(status)
