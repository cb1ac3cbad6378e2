import Core
import Testing

/// The quantity model a shopping list adds up with: exact fractions, units that convert within
/// their family, amounts read as cooks type them and written as cooks write them.
@Suite("Quantities")
struct QuantityTests {
    static func fraction(_ numerator: Int, _ denominator: Int = 1) -> Fraction {
        Fraction(numerator, denominator) ?? .zero
    }

    @Test func fractionsAreExactWhereFloatingPointIsNot() {
        let third = Self.fraction(1, 3)
        #expect(third.adding(Self.fraction(2, 3)) == .one)
        #expect(Self.fraction(1, 10).adding(Self.fraction(2, 10)) == Self.fraction(3, 10))
        #expect(Self.fraction(2, 4) == Self.fraction(1, 2))
        #expect(Self.fraction(3, -6) == Self.fraction(-1, 2))
        #expect(Fraction(1, 0) == nil)
        #expect(Self.fraction(1, 2).multiplied(by: Self.fraction(2, 4)) == Self.fraction(1, 4))
        #expect(Self.fraction(1, 3) < Self.fraction(1, 2))
        #expect(Fraction(Int.max).adding(.one) == nil, "an overflow is no answer, not a wrong one")
        #expect(Fraction(Int.max - 1, Int.max)?.multiplied(by: Fraction(Int.max - 2, Int.max - 3) ?? .one) == nil)
    }

    @Test(
        "decimals from recipe data are the fractions they mean",
        arguments: [
            (0.5, "1/2"), (0.25, "1/4"), (0.125, "1/8"), (1.2, "6/5"), (0.333, "1/3"), (0.33, "1/3"), (0.667, "2/3"), (1.5, "3/2"),
            (0.3, "3/10"), (2.0, "2"), (1.6, "8/5"), (5.005, "1001/200"), (1e-7, "0"),
        ])
    func decimalsAsFractions(value: Double, expected: String) {
        #expect(Fraction(approximating: value)?.description == expected)
    }

    @Test func nonFiniteOrHugeDecimalsAreNoFraction() {
        #expect(Fraction(approximating: .nan) == nil)
        #expect(Fraction(approximating: .infinity) == nil)
        #expect(Fraction(approximating: 1e20) == nil)
    }

    @Test(
        "amounts read as a cook types them",
        arguments: [
            ("½ tsp", "1/2", Ingredient.Unit.teaspoon), ("1/2 tsp", "1/2", .teaspoon), ("1 1/2 cups", "3/2", .cup),
            ("1½ cups", "3/2", .cup), ("1 ½ cup", "3/2", .cup), ("200 g", "200", .gram), ("200g", "200", .gram),
            ("1.2 l", "6/5", .liter), ("1,5 kg", "3/2", .kilogram), ("1,000 g", "1000", .gram), ("2 cloves", "2", .clove),
            ("1 clove", "1", .clove), ("3", "3", .none), ("¼", "1/4", .none), ("2 Tbsp.", "2", .tablespoon),
            ("3 tablespoons", "3", .tablespoon), ("2 tins", "2", .can), ("1 piece", "1", .piece), ("0.3 tsp", "3/10", .teaspoon),
            ("1⁄3 cup", "1/3", .cup), ("750 ML", "750", .milliliter),
        ])
    func amountsRead(text: String, amount: String, unit: Ingredient.Unit) {
        let quantity = Quantity(parsing: text)
        #expect(quantity?.amount.description == amount, "\(text)")
        #expect(quantity?.unit == unit, "\(text)")
    }

    @Test(
        "what is not an amount is not read as one",
        arguments: ["", "a handful", "2-3", "1/0", "0", "2 x", "1.2.3", "12,34,5", "one", "1/2/3", "99999999 kg", "1/99999 tsp"])
    func notAmounts(text: String) {
        #expect(Quantity(parsing: text) == nil, "\(text)")
    }

    @Test(
        "amounts written as a cook writes them",
        arguments: [
            ("1/2", Ingredient.Unit.teaspoon, "½ tsp"), ("3/2", .cup, "1½ cups"), ("1", .cup, "1 cup"), ("2", .clove, "2 cloves"),
            ("1", .clove, "1 clove"), ("1/2", .piece, "½"), ("6/5", .liter, "1.2 l"), ("200", .gram, "200 g"),
            ("5/2", .gram, "2.5 g"), ("75/4", .gram, "19 g"), ("3/8", .none, "⅜"), ("2/3", .bunch, "⅔ bunch"),
            ("3/10", .teaspoon, "0.3 tsp"), ("5/6", .none, "about ¾"), ("1/7", .teaspoon, "about ⅛ tsp"), ("5/8", .none, "⅝"),
            ("11/10", .cup, "1.1 cups"), ("1/20", .none, "about ⅛"),
            ("21/20", .none, "about 1"), ("3/2", .pinch, "1½ pinches"), ("1", .none, "1"),
        ])
    func amountsWritten(amount: String, unit: Ingredient.Unit, expected: String) {
        let quantity = Quantity(Fraction(stored: amount) ?? .zero, unit)
        #expect(quantity.text == expected)
        if !expected.hasPrefix("about"), unit != .gram || quantity.amount.isWhole {
            #expect(Quantity(parsing: expected)?.converted(to: unit) == quantity, "“\(expected)” reads back")
        }
    }

    @Test(
        "a cook's unit: promoted and demoted only where a cook would",
        arguments: [
            ("1200", Ingredient.Unit.gram, "1.2 kg"), ("1000", .gram, "1 kg"), ("999", .gram, "999 g"), ("1005", .gram, "1005 g"),
            ("1/2", .kilogram, "500 g"), ("6/5", .kilogram, "1.2 kg"), ("1500", .milliliter, "1.5 l"), ("1/4", .liter, "250 ml"),
            ("3", .teaspoon, "1 tbsp"), ("9/2", .teaspoon, "1½ tbsp"), ("4", .teaspoon, "4 tsp"), ("2", .teaspoon, "2 tsp"),
            ("1/2", .tablespoon, "1½ tsp"), ("1/3", .tablespoon, "1 tsp"), ("4", .tablespoon, "4 tbsp"), ("8", .tablespoon, "½ cup"),
            ("12", .tablespoon, "¾ cup"), ("6", .tablespoon, "6 tbsp"), ("1/3", .cup, "⅓ cup"), ("1/8", .cup, "2 tbsp"),
            ("24", .teaspoon, "½ cup"), ("1/2", .none, "½"), ("5", .clove, "5 cloves"), ("0", .gram, "0 g"),
        ])
    func cooksUnit(amount: String, unit: Ingredient.Unit, expected: String) {
        #expect(Quantity(Fraction(stored: amount) ?? .zero, unit).inCooksUnit.text == expected)
    }

    @Test func unitsAddUpWithinTheirFamilyOnly() {
        let grams = Quantity(Self.fraction(400), .gram)
        #expect(grams.adding(Quantity(Self.fraction(4, 5), .kilogram))?.inCooksUnit.text == "1.2 kg")
        #expect(Quantity(Self.fraction(1), .tablespoon).adding(Quantity(Self.fraction(1), .teaspoon))?.text == "1⅓ tbsp")
        #expect(Quantity(Self.fraction(1, 2), .piece).adding(Quantity(Self.fraction(1, 2), .none))?.text == "1")
        #expect(grams.adding(Quantity(Self.fraction(1), .cup)) == nil)
        #expect(grams.adding(Quantity(Self.fraction(1), .milliliter)) == nil, "grams are not millilitres")
        #expect(Quantity(Self.fraction(1), .clove).adding(Quantity(Self.fraction(1), .none)) == nil, "a clove is not a head")
        #expect(Quantity(Self.fraction(1), .can).adding(Quantity(Self.fraction(1), .bunch)) == nil)
        #expect(Quantity(Self.fraction(1, 2), .none).scaled(by: Self.fraction(2, 4))?.text == "¼")
    }
}
