// "End the March Phase with 3 stacks unmoved?": the question phaseEndWarning.ts asks before a
// choice that ends a phase with something left undone. Yes sends the choice; No keeps the phase.
import type { LegalChoice } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";

interface Props {
  question: string;
  choice: LegalChoice;
  onConfirm: (choice: LegalChoice) => void;
  onCancel: () => void;
}

export function ConfirmChoice({ question, choice, onConfirm, onCancel }: Props) {
  return (
    <div class="chooser confirm" role="alertdialog" aria-label="Are you sure?" data-choice={choice.label}>
      <p><RuleText text={question} /></p>
      <button type="button" class="choice" onClick={() => onConfirm(choice)} autoFocus>Yes: {choice.label}</button>
      <button type="button" onClick={onCancel}>No</button>
    </div>
  );
}
