import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects elements, their text and attributes from a parsed page.
final class PageOutline: NSObject, XMLParserDelegate {
    private var elements: [(name: String, attributes: [String: String])] = []
    private var textByElement: [(name: String, text: String)] = []
    private var open: [(name: String, text: String)] = []

    func count(_ name: String) -> Int { elements.filter { $0.name == name }.count }
    func texts(_ name: String) -> [String] { textByElement.filter { $0.name == name }.map(\.text) }
    func attributes(_ name: String, _ attribute: String) -> [String] {
        elements.filter { $0.name == name }.compactMap { $0.attributes[attribute] }
    }
    var allAttributeValues: [String] { elements.flatMap { $0.attributes.values } }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
        open.append((elementName, ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open.indices { open[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let last = open.popLast() else { return }
        textByElement.append((last.name, last.text))
    }
}
