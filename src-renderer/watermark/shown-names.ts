import { useMemo } from 'react';
import { displayNames, type NamedFile } from '../../src-shared/domain/display-names.ts';
import { useWorkspace } from './workspace-store.ts';

/**
 * How a staged file is named in this window (its list, the finder, the mask editor, the
 * notes): `displayNames` over everything staged, so two `IMG_0001.jpg` from two subfolders
 * read `day-1/IMG_0001.jpg` and `day-2/IMG_0001.jpg` everywhere alike.
 */
export function useStagedNames(): (file: NamedFile) => string {
  const staged = useWorkspace((state) => state.staged);
  return useMemo(() => displayNames(staged), [staged]);
}
