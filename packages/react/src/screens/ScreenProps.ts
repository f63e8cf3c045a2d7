/** What every screen component receives: the login modal's, the wallet flows' and the embed's screens alike. */
export interface ScreenProps {
  /** The id the screen's title must carry: it labels the dialog. */
  titleId: string;
  /** Set when the screen may be closed now (a wallet flow: SPEC §4, user-initiated or a failure). */
  onClose?: () => void;
}
