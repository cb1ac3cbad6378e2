import WorkspaceBase

#if canImport(Glibc)
    import Foundation
    import Glibc

    /// Watches with Linux's inotify: one watch per folder (inotify is not recursive), added
    /// for folders created later too. A file counts when it is closed after writing, moved in
    /// or out, or deleted: an editor's save (often a write to a scratch file renamed over the
    /// real one) shows up as the real file's name. The kernel's queue overflowing counts as
    /// a change to everything.
    final class InotifyWatcher: FileWatching {
        let files: WatchedFiles
        let interval: Duration = .seconds(1)
        private let inotify: Int32
        /// Package-relative folder of each watch.
        private var folders: [Int32: String] = [:]

        static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)

        init(_ files: WatchedFiles) throws {
            self.files = files
            inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard inotify >= 0 else {
                throw CommandError("cannot start inotify (\(String(cString: strerror(errno)))); use --poll to watch by looking instead")
            }
            do {
                // The root alone, for the manifest: its other entries (.build) are never read.
                try add(files.root, recursive: false)
                for folder in files.folders { try add(files.absolute(folder), recursive: true) }
            } catch {
                close(inotify)
                throw error
            }
        }

        deinit {
            close(inotify)
        }

        var descriptor: Int32? { inotify }

        private func add(_ folder: String, recursive: Bool) throws {
            for path in recursive ? WatchedFiles.folders(under: folder) : [folder] {
                let watch = inotify_add_watch(inotify, path, Self.fileEvents | UInt32(IN_ONLYDIR))
                guard watch >= 0 else {
                    let reason = String(cString: strerror(errno))
                    // A folder removed meanwhile is no reason to stop; anything else is.
                    if errno == ENOENT { continue }
                    throw CommandError(
                        "cannot watch \(path) (\(reason)); raise fs.inotify.max_user_watches or use --poll to watch by looking")
                }
                folders[watch] = files.relative(path) ?? ""
            }
        }

        func changes() throws -> [String] {
            var changed = Set<String>()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { break }
                    throw CommandError("cannot read file changes: \(String(cString: strerror(errno)))")
                }
                if count == 0 { break }
                for event in Self.events(in: buffer[0..<count]) {
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: say so with a file that is always relevant.
                        changed.insert("Package.swift")
                        continue
                    }
                    if event.mask & UInt32(IN_IGNORED) != 0 {
                        folders[event.watch] = nil
                        continue
                    }
                    guard let folder = folders[event.watch], !event.name.isEmpty else { continue }
                    let path = folder.isEmpty ? event.name : folder + "/" + event.name
                    if event.mask & UInt32(IN_ISDIR) != 0 {
                        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !event.name.hasPrefix("."), !folder.isEmpty {
                            try add(files.absolute(path), recursive: true)
                            // Files may have landed in it before its watch existed.
                            changed.insert(path + "/")
                        }
                        continue
                    }
                    // A new file is counted when it is closed after writing (or moved in).
                    if event.mask == UInt32(IN_CREATE) { continue }
                    if files.isRelevant(path) { changed.insert(path) }
                }
            }
            return changed.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.sorted()
        }

        struct Event {
            var watch: Int32
            var mask: UInt32
            var name: String
        }

        /// `struct inotify_event` records: watch, mask, cookie, name length, then the name
        /// padded with NULs. (The name is a flexible array member, which Swift cannot import.)
        static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
            var events: [Event] = []
            var offset = bytes.startIndex
            let header = 16
            while offset + header <= bytes.endIndex {
                func word(_ at: Int) -> UInt32 {
                    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex + at, as: UInt32.self) }
                }
                let length = Int(word(12))
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)].prefix { $0 != 0 }
                events.append(Event(watch: Int32(bitPattern: word(0)), mask: word(4), name: String(decoding: nameBytes, as: UTF8.self)))
                offset += header + length
            }
            return events
        }
    }
#endif
