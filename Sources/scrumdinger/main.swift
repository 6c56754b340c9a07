// The executable only starts the app; everything else lives in ScrumdingerApp.
import Glibc
import GtkShim
import Platform
import ScrumdingerApp

Memory.shareOneArena()  // see GtkShim/Memory.swift
let status = MainActor.assumeIsolated {
  ScrumdingerApplication.setUpLocale()
  return ScrumdingerApplication().run()
}
exit(status)
