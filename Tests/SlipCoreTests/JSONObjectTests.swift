import Testing

@testable import SlipCore

/// A JSON object keeps its members in order, finds them below and above the size at which it
/// keeps an index, and compares by members whatever their order.
@Suite struct JSONObjectTests {
  @Test func keepsKeysInTheOrderSetAndReplacesInPlace() {
    var object = JSONObject()
    object.set("Kopi", forKey: "name")
    object.set(2, forKey: "qty")
    object.set(18_000, forKey: "price")
    object.set(3, forKey: "qty")
    #expect(object.keys == ["name", "qty", "price"])
    #expect(object.count == 3)
    #expect(object["qty"] == 3)
    #expect(object["name"] == "Kopi")
    #expect(object["missing"] == nil)
  }

  @Test func findsEveryMemberOnEitherSideOfTheIndex() {
    var object = JSONObject()
    for count in 1...40 {
      object.set(.number(ExactDecimal(count)), forKey: "k\(count)")
      #expect(object.count == count)
      for key in 1...count { #expect(object["k\(key)"] == .number(ExactDecimal(key)), "k\(key) of \(count)") }
      #expect(object["k\(count + 1)"] == nil)
    }
    object.set("changed", forKey: "k3")
    object.set("changed", forKey: "k30")
    #expect(object["k3"] == "changed")
    #expect(object["k30"] == "changed")
    #expect(object.keys == (1...40).map { "k\($0)" })
  }

  @Test func equalWhenTheMembersAreWhateverTheirOrder() {
    let one: JSONObject = ["a": 1, "b": "two", "c": [3]]
    let reordered: JSONObject = ["c": [3], "a": 1, "b": "two"]
    #expect(one == reordered)
    #expect(one != ["a": 1, "b": "two"])
    #expect(one != ["a": 1, "b": "two", "c": [4]])
    #expect(one != ["a": 1, "b": "two", "d": [3]])
    let repeated: JSONObject = ["a": 1, "a": 2]
    #expect(repeated.keys == ["a"])
    #expect(repeated["a"] == 2)
  }
}
