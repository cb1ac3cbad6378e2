/// An exact amount, a ratio of whole numbers: ⅓ + ⅔ is exactly 1, which floating point is not.
/// Always in lowest terms with a positive denominator, so equal amounts are equal values.
/// Arithmetic that would overflow returns nil instead of a wrong number: a caller keeps the
/// amounts apart rather than add them wrongly.
public struct Fraction: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    public init(_ whole: Int) {
        numerator = whole
        denominator = 1
    }

    /// Nil for a zero denominator, or one so extreme it cannot be made positive (`Int.min`).
    public init?(_ numerator: Int, _ denominator: Int) {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int(divisor)
        self.denominator = sign * denominator / Int(divisor)
    }

    /// The fraction a decimal from a recipe's data means: 0.5 is ½, 0.333 and 0.33 are ⅓, 1.2 is
    /// 6⁄5, 0.125 is ⅛. Halves to sixteenths and decimals of up to six places are exact; thirds are
    /// recognised from two decimals on, as cooks write them. Nil when not finite or beyond a
    /// billion, which no kitchen measures.
    public init?(approximating value: Double) {
        guard value.isFinite, abs(value) <= 1e9 else { return nil }
        let exact = [1, 2, 4, 8, 16, 10, 100, 1000, 10_000, 100_000, 1_000_000]
        for denominator in exact {
            let scaled = value * Double(denominator)
            if abs(scaled - scaled.rounded()) <= 1e-9 * max(1, abs(scaled)) {
                self.init(checked: Int(scaled.rounded()), denominator)
                return
            }
            // A third written as a decimal (0.33, 0.667) is a third, checked before hundredths.
            let thirds = (value * 3).rounded()
            if denominator == 16, abs(value) < 1000, abs(value * 3 - thirds) <= 0.015, Int(thirds) % 3 != 0 {
                self.init(checked: Int(thirds), 3)
                return
            }
        }
        self.init(checked: Int((value * 1_000_000).rounded()), 1_000_000)
    }

    /// A constant such as ¼: `Fraction.exactly(1, 4)`. The denominator must not be zero.
    static func exactly(_ numerator: Int, _ denominator: Int) -> Fraction {
        Fraction(checked: numerator, denominator)
    }

    /// For denominators known not to be zero.
    private init(checked numerator: Int, _ denominator: Int) {
        let divisor = Int(Self.greatestCommonDivisor(numerator.magnitude, denominator.magnitude))
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    public static let zero = Fraction(0)
    public static let one = Fraction(1)

    public var doubleValue: Double { Double(numerator) / Double(denominator) }
    public var isWhole: Bool { denominator == 1 }
    /// The whole part, rounded toward zero: 1 for 1½.
    public var wholePart: Int { numerator / denominator }
    /// What is left after the whole part: ½ for 1½.
    public var fractionalPart: Fraction { Fraction(checked: numerator % denominator, denominator) }

    public func adding(_ other: Fraction) -> Fraction? {
        // a/b + c/d = (a·(l/b) + c·(l/d)) / l, with l the least common multiple of b and d.
        let divisor = Int(Self.greatestCommonDivisor(denominator.magnitude, other.denominator.magnitude))
        let (common, overflow) = (denominator / divisor).multipliedReportingOverflow(by: other.denominator)
        guard !overflow else { return nil }
        let (left, leftOverflow) = numerator.multipliedReportingOverflow(by: common / denominator)
        let (right, rightOverflow) = other.numerator.multipliedReportingOverflow(by: common / other.denominator)
        let (sum, sumOverflow) = left.addingReportingOverflow(right)
        guard !leftOverflow, !rightOverflow, !sumOverflow else { return nil }
        return Fraction(sum, common)
    }

    public func subtracting(_ other: Fraction) -> Fraction? {
        guard other.numerator != .min else { return nil }
        return adding(Fraction(checked: -other.numerator, other.denominator))
    }

    public func multiplied(by other: Fraction) -> Fraction? {
        // Cross-reduce first, so that products of fractions in lowest terms overflow only when the result would.
        let first = Int(Self.greatestCommonDivisor(numerator.magnitude, other.denominator.magnitude))
        let second = Int(Self.greatestCommonDivisor(other.numerator.magnitude, denominator.magnitude))
        let (top, topOverflow) = (numerator / first).multipliedReportingOverflow(by: other.numerator / second)
        let (bottom, bottomOverflow) = (denominator / second).multipliedReportingOverflow(by: other.denominator / first)
        guard !topOverflow, !bottomOverflow else { return nil }
        return Fraction(top, bottom)
    }

    /// Nil when dividing by zero or on overflow.
    public func divided(by other: Fraction) -> Fraction? {
        guard other.numerator != 0, let inverse = Fraction(other.denominator, other.numerator) else { return nil }
        return multiplied(by: inverse)
    }

    public static func < (left: Fraction, right: Fraction) -> Bool {
        // Compared exactly, in twice the width: the cross products of two Ints always fit.
        let (leftHigh, leftLow) = left.numerator.multipliedFullWidth(by: right.denominator)
        let (rightHigh, rightLow) = right.numerator.multipliedFullWidth(by: left.denominator)
        return (leftHigh, leftLow) < (rightHigh, rightLow)
    }

    /// "3/2", "-1/4", "2": also how a fraction is stored.
    public var description: String { isWhole ? String(numerator) : "\(numerator)/\(denominator)" }

    /// Reads `description` back; nil for anything else.
    public init?(stored text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let top = Int(parts[0]) else { return nil }
        guard parts.count == 2 else {
            self.init(top)
            return
        }
        guard let bottom = Int(parts[1]) else { return nil }
        self.init(top, bottom)
    }

    private static func greatestCommonDivisor(_ first: UInt, _ second: UInt) -> UInt {
        var (a, b) = (first, second)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}

extension Fraction: Codable {
    /// Stored as its `description`, "3/2": exact, and readable in the database and in JSON.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Fraction(stored: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a fraction such as 3/2"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
