/// Checkout's element hierarchies as a harness run leaves them, one file per size (`Checkout_ax5.xml`):
/// the screens the verdict tests take in, end to end and through the import's library alike.
public enum CheckoutPages {
    /// The sizes each run holds.
    public static let sizes = ["l", "ax5", "xs"]

    /// Every label grows (text-scales passes) and, at ax5, the Pay button falls below the window
    /// (reachable fails). `widen` changes the run's bytes without changing a verdict.
    public static func payBelowAtAX5(_ size: String, shape: PageShape, widen: Double = 0) -> String {
        let content: [Node] = switch size {
        case "ax5": [.text("Order total", 16, 100, 358 - widen, 62), .text("Delivery & returns", 16, 170, 358, 60), .button("checkout.pay", 16, 900, 358, 90)]
        case "xs": [.text("Order total", 16, 100, 200 - widen, 17), .text("Delivery & returns", 16, 130, 200, 15), .button("checkout.pay", 16, 760, 358, 44)]
        default: [.text("Order total", 16, 100, 200 - widen, 20), .text("Delivery & returns", 16, 130, 200, 18), .button("checkout.pay", 16, 760, 358, 50)]
        }
        return PageSource.screen(content, primaryAction: "checkout.pay", shape: shape)
    }

    /// A tab label drawn at 10 pt at every size (`tab.home`) beside labels that grow: text-scales
    /// fails at ax5 unless the tab label is waived.
    public static func fixedTab(_ size: String, shape: PageShape, widen: Double = 0) -> String {
        let grown = size == "ax5" ? 62.0 : size == "xs" ? 17 : 20
        let content: [Node] = [.text("Order total", 16, 100, 200 - widen, grown), .text("tab.home", 16, 800, 60, 10),
                               .button("checkout.pay", 16, 700, 358, grown + 30)]
        return PageSource.screen(content, primaryAction: "checkout.pay", shape: shape)
    }
}
