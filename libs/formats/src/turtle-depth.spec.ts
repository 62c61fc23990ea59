import { describe, expect, it } from 'vitest';
import { turtleDepthExceeded } from './turtle-depth.js';

describe('turtleDepthExceeded', () => {
  it('when blank nodes and collections nest within the limit then nothing is reported', () => {
    const text = '@prefix : <http://x/> .\n:a :p [ :q ( 1 ( 2 ) ) ] ; :r [ :s [ :t 3 ] ] .\n';
    expect(turtleDepthExceeded(text, 3)).toBeUndefined();
    expect(turtleDepthExceeded(text, 2)).toBe(text.indexOf('( 2'));
  });

  it('when levels are closed then siblings do not add up', () => {
    expect(turtleDepthExceeded(`:a :p ${'[ :q 1 ] '.repeat(1000)}.`, 1)).toBeUndefined();
  });

  it('when brackets sit in IRIs, strings, long strings, comments or escaped names then they do not count', () => {
    const text = [
      '@prefix : <http://x/[[[(((#> .',
      ':a :p "[[[ \\" ((( " , \'[[[ \\\' (((\' .',
      ':a :p """[[[ "" ((( \n ]]] """ , \'\'\'[[[\'\'\' .',
      ':a :p :b # [[[[[ (((((',
      ':a\\(\\( :p :c .',
    ].join('\n');
    expect(turtleDepthExceeded(text, 0)).toBeUndefined();
  });

  it('when an IRI or a short string is left open then the brackets after its line still count', () => {
    expect(turtleDepthExceeded(':a :p "open\n:b :q [ [ [ 1 ] ] ] .', 2)).toBeDefined();
    expect(turtleDepthExceeded(':a :p <open\n:b :q [ [ [ 1 ] ] ] .', 2)).toBeDefined();
  });

  it('when triple terms and annotations nest then each level counts', () => {
    expect(turtleDepthExceeded(':s :p <<( :a :b <<( :c :d :e )>> )>> .', 2)).toBeDefined();
    expect(turtleDepthExceeded(':s :p <<( :a :b <<( :c :d :e )>> )>> .', 4)).toBeUndefined();
    expect(turtleDepthExceeded(':a :b :c {| :p :o {| :q :r |} |} .', 1)).toBeDefined();
    expect(turtleDepthExceeded(':a :b <http://x/> {| :p <http://y/> |} .', 1)).toBeUndefined();
  });

  it('when input is 1,000,000 levels deep then the first level too deep is reported', () => {
    expect(turtleDepthExceeded(`:a :p ${'( '.repeat(1_000_000)}`, 50_000)).toBe(6 + 2 * 50_000);
  });
});
