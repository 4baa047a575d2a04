import { create } from 'zustand';

/** The window's screens (App's tabs list each with its icon and label). */
export type Screen = 'Images' | 'Video' | 'Account' | 'Settings';

/**
 * Which screen the window shows: the tabs set it, and so does an action that carries its work
 * to another screen (a take sent to the Images screen's Videos area, files opened with the app).
 */
export const useScreen = create<{ screen: Screen; show: (screen: Screen) => void }>((set) => ({
  screen: 'Images',
  show: (screen) => set({ screen }),
}));
