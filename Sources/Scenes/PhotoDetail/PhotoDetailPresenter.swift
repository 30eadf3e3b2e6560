import PhotoDomain

@MainActor
public protocol PhotoDetailPresentationLogic: AnyObject {
    func presentPhoto(_ response: PhotoDetail.Show.Response)
}

public final class PhotoDetailPresenter: PhotoDetailPresentationLogic {
    weak var view: PhotoDetailDisplayLogic?

    public init() {}

    public func presentPhoto(_ response: PhotoDetail.Show.Response) {
        guard let photo = response.photo, let index = response.index else {
            let message = response.index.map { "There is no photo \($0 + 1) among \(response.photoCount): back to the collection." }
                ?? "No photo was selected: back to the collection."
            view?.displayMissingPhoto(.init(message: message))
            return
        }
        view?.displayPhoto(.init(
            picture: ScenePicture.presenting(response.picture),
            heading: "Photo \(index + 1) of \(response.photoCount)",
            fields: [
                .init(label: "id", value: photo.id),
                .init(label: "description", value: PhotoFormatting.caption(photo)),
                .init(label: "author", value: PhotoFormatting.authorWithUsername(photo)),
                .init(label: "likes", value: PhotoFormatting.likes(photo.likes)),
                .init(label: "size", value: "\(photo.width) × \(photo.height)"),
                .init(label: "url", value: photo.urls.regular),
            ]
        ))
    }
}
