@testable import ClerkAssistant
import ClerkCore
import Testing

/// "the chen one" just after several contacts were listed picks the one whose name has that
/// word and no other's has.
@Suite struct ContactPickTests {
    let listed = [Contact(id: "1", name: "Ana Chen"), Contact(id: "2", name: "Ana Lopez"), Contact(id: "3", name: "Ana Wu")]

    @Test func aSurnameOfTwoLettersPicksItsContact() {
        #expect(Session.pickedFromList("the wu one", listed)?.id == "3")
        #expect(Session.pickedFromList("The Wu one", listed)?.id == "3")
        #expect(Session.pickedFromList("the lopez one", listed)?.id == "2")
    }

    @Test func aWordNoneOrSeveralHavePicksNoOne() {
        #expect(Session.pickedFromList("the li one", listed) == nil)
        #expect(Session.pickedFromList("the ana one", listed) == nil)
        #expect(Session.pickedFromList("the a one", listed) == nil)
    }
}
