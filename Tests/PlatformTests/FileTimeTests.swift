import Foundation
import Testing

@testable import Platform

/// A file's time is data a sync tool copies from any computer's clock: every time a file can
/// carry is read without a trap and ordered sanely.
@Suite struct FileTimeTests {
  /// The seconds a time_t can hold at its ends, a few around 2262 (where nanoseconds leave
  /// an Int) and 1678, 1970 itself, and random ones in between.
  static let seconds: [Int] = {
    var generator = SystemRandomNumberGenerator()
    let edges = [
      Int.min, Int.min + 1, -9_223_372_037, -9_223_372_036, -1, 0, 1, 9_223_372_036, 9_223_372_037, 10_413_792_000,
      Int.max - 1, Int.max,
    ]
    return edges + (0..<2_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) }
  }()

  @Test func everyTimeReadsWithoutATrapAndInOrder() {
    let stamps = Self.seconds.flatMap { second in
      [0, 1, 999_999_999].map { FileStamp(inode: 1, size: 1, seconds: second, nanoseconds: $0) }
    }
    let sorted = stamps.sorted { ($0.seconds, $0.nanoseconds) < ($1.seconds, $1.nanoseconds) }
    for (earlier, later) in zip(sorted, sorted.dropFirst()) {
      #expect(earlier.nanosecondsSince1970 <= later.nanosecondsSince1970)
      #expect(earlier.modified <= later.modified)
      #expect(later.modified.timeIntervalSince1970.isFinite)
    }
    let last = FileStamp(inode: 1, size: 1, seconds: Int.max, nanoseconds: 999_999_999)
    #expect(last.nanosecondsSince1970 == Int.max)
    #expect(last.modified == Date(timeIntervalSince1970: 253_402_300_799.999999999), "the year 9999's last second")
    #expect(FileStamp(inode: 1, size: 1, seconds: Int.min, nanoseconds: 0).nanosecondsSince1970 == Int.min)
    #expect(FileStamp(inode: 1, size: 1, seconds: -1, nanoseconds: 500_000_000).nanosecondsSince1970 == -500_000_000)
  }

  /// `touch -d 2300-01-01` and before 1970, on a real file: its time reads as it is.
  @Test func aFileFromAfter2262OrBefore1970Reads() throws {
    let file = NSTemporaryDirectory() + "scrumdinger-time-" + UUID().uuidString
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    defer { try? FileManager.default.removeItem(atPath: file) }
    for second in [10_413_792_000, -86_400 * 365] {  // 2300-01-01, 1969-01-01
      var times = [timespec(tv_sec: second, tv_nsec: 0), timespec(tv_sec: second, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
      let stamp = try #require(Files.stamp(of: file))
      #expect(stamp.seconds == second)
      #expect(stamp.modified == Date(timeIntervalSince1970: Double(second)))
      let nanoseconds = Files.modified(file)
      #expect(second > 0 ? nanoseconds == Int.max : nanoseconds == second * 1_000_000_000)
    }
  }
}
