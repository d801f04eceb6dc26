import Foundation

struct Invoice: Codable {
    var number: String
    /* a block comment /* nested */ over
       two lines */
    func summary() -> String {
        let line = "Invoice \(number) for \(total(rounded: true)) euros"
        return line + #"raw \(kept) text"# + """
            a multi-line "text"
            """
    }
}

extension Invoice: CustomStringConvertible {
    var description: String { summary() }
}

typealias Bill = Invoice
protocol Payable: Sendable { var amount: Decimal { get } }
