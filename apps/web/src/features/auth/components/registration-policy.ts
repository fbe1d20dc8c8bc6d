// Who may register themselves on this server, asked once per page: the sign-in screen
// hides "Create an account" when nobody may, the register screen says so or names the
// domains. Until the answer comes (or when offline) registration counts as open; the
// server refuses what its policy does not allow anyway.

import { useEffect, useState } from 'react';
import type { RegistrationAnswer } from '@field/domain';
import { registrationPolicy } from '../../../data/session-api';

let asked: Promise<RegistrationAnswer> | null = null;

export function useRegistrationPolicy(): RegistrationAnswer | null {
  const [policy, setPolicy] = useState<RegistrationAnswer | null>(null);
  useEffect(() => {
    let live = true;
    asked ??= registrationPolicy();
    asked.then(
      (answer) => live && setPolicy(answer),
      () => {
        asked = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return policy;
}
