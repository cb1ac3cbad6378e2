import App
import Foundation

exit(await CookbookApp.main())
