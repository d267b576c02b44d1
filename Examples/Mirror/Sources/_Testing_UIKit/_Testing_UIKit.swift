// Stand-in for Swift Testing's cross-import overlay `_Testing_UIKit`: NOT part of Swift Testing.
//
// The toolchain's Testing module declares cross-import overlays (usr/lib/swift/linux/
// Testing.swiftcrossimport/UIKit.swiftoverlay names `_Testing_UIKit`; on Apple platforms it adds
// UIImage attachments). When a file imports both Testing and a module named UIKit, the compiler
// loads that overlay, which Linux toolchains do not ship: without this empty module, a test file
// importing Testing and the UIKit stand-in (or MJRefresh, which re-exports it) fails with
// "no such module '_Testing_UIKit'". The examples use none of the overlay's API, so it is empty.
