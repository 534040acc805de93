// Graph tokens: a move rewrites the one vertex name the token leaves.
import type { ComponentMove } from '../../engine/gameTypes';
import type { CheckedComponent } from '../model';
import type { Span } from '../text';
import { type MoveText, mismatch } from './moveText';

/** A token move: the vertex name, replaced by the one it slides to. */
export function writeTokenMove(move: Extract<ComponentMove, { kind: 'token' }>, component: CheckedComponent): MoveText {
  const syntax = component.syntax;
  if (syntax.kind !== 'tokens' || component.kind !== 'tokens') throw mismatch(move, syntax);
  let span: Span;
  let newText: string | (() => string);
  let label: string;
  let description: string;
  const from = syntax.vertices[move.token];
  newText = component.graph.data.vertexNames[move.to];
  span = from;
  label = `${syntax.graph.text} ${from.text} → ${newText}`;
  description = `move the token on ${from.text} to ${newText}`;
  return { span, newText, label, description };
}
