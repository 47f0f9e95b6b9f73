import MapKit
import UIKit

/// The name of a trail drawn on the map next to its marker.
final class TrailLabelAnnotationView: MKAnnotationView {
    private let nameLabel = UILabel()

    override init(annotation: MKAnnotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        nameLabel.font = UIFont.systemFont(ofSize: 11, weight: .semibold)
        nameLabel.textColor = .label
        nameLabel.numberOfLines = 2
        addSubview(nameLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func prepareForDisplay() {
        super.prepareForDisplay()
        nameLabel.text = annotation?.title ?? nil
        nameLabel.sizeToFit()
    }
}