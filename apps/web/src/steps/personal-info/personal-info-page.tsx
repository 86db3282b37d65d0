import { ScreenPage } from '../../screens/screen-page.tsx';
import { personalInfoScreen } from '../../screens/personal-info.tsx';

/** /single/personalinfo and /joint/personalinfo, 'Tell us about yourself' (screens/personal-info.tsx). */
export function PersonalInfoPage() {
  return <ScreenPage screen={personalInfoScreen} />;
}
