import Foundation
import ScrumdingerCore

if CommandLine.arguments.dropFirst().first == "decode-profile" {
  let data = ScrumFile.encode(largeScrumList())
  _ = try ScrumFile.decode(data)
  exit(0)
}

let scrums = largeScrumList()
let directory = NSTemporaryDirectory() + "scrumdinger-bench-" + UUID().uuidString
let store = ScrumStore(directory: directory)
let save = try medianMilliseconds(runs: 5) { try store.save(scrums) }
let size = (try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
let load = try medianMilliseconds(runs: 5) { _ = try store.load() }
print("save \(save) ms, load \(load) ms, file \(size / 1024) KiB")
let encodeOnly = medianMilliseconds(runs: 5) { _ = ScrumFile.encode(scrums) }
let data = ScrumFile.encode(scrums)
let decodeOnly = try medianMilliseconds(runs: 3) { _ = try ScrumFile.decode(data) }
print("encode \(encodeOnly) ms, decode \(decodeOnly) ms")
