/** What every screen component receives from the modal. */
export interface ScreenProps {
  /** The id the screen's title must carry: it labels the dialog. */
  titleId: string;
}
