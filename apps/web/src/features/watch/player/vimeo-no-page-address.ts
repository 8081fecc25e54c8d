/**
 * Loaded before `@vimeo/player`: when set, the library does not send the page's address to Vimeo's
 * player "for search metadata" (its initAppendVideoMetadata). Here that address is /watch/{token}, the
 * viewer's own secret link.
 */
(window as Window & { VimeoSeoMetadataAppended?: boolean }).VimeoSeoMetadataAppended = true;
