import Foundation
import ScrumdingerTestSupport
import Testing

@testable import ScrumdingerCore

@MainActor @Suite struct ObservableValueTests {
  @Test func observersAreNotifiedInTheOrderTheyRegistered() {
    let cell = ObservableValue(0)
    var order: [Int] = []
    let tokens = (0..<20).map { index in cell.observe { _ in order.append(index) } }
    cell.value = 1
    #expect(order == Array(0..<20))
    tokens[3].cancel()
    order = []
    cell.value = 2
    #expect(order == Array(0..<20).filter { $0 != 3 })
    withExtendedLifetime(tokens) {}
  }
}
