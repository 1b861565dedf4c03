"""Perft-style regression counts for every title, through one mechanism: leaves of the full
game tree (decisions and draws alike) to a small depth from positions written as text
(``to_text()``, read back by ``from_text()``; see ``tests/playing.py``). A change in these
numbers means the open decisions changed: check the rules, then update the numbers."""

from __future__ import annotations

import pytest

from tests.playing import perft, stand

CASES = [
    # Municipium 2p: the first family member placed (M-2.6)
    ("municipium",
        '2p t0 a0 s0 B:0000000/0000000,-,f0,d0,111 O:0000000/0000000,-,f0,d0,111 T:bo '
        'I:p,s,m,m,a,a,s P4 C:F_F_F_F_F_F_ bag:14,13,13,13 sup:9 wr:10 deck:3,3,3,3 '
        'disc:0,0,0,0/-1 ev:0 [temple_order:-3 initial:0:0]',
        (7, 49, 343, 2401)),
    # Municipium 3p, entry 40: a citizen placed on a visit (M-7.2)
    ("municipium",
        '3p t2 a0 s2 B:2020021/0000000,-,f0,d0,111 O:2110111/0000000,-,f0,d0,111 '
        'Y:1200112/0000000,-,f0,d0,110 T:oyb I:p,s,mm,m,a,a,s P4 C:FaFpFpFaFmFm bag:12,13,9,11 '
        'sup:9 wr:10 deck:3,2,3,3 disc:0,1,0,0/1 ev:0 [end_turn:-3 visit:-3:2 '
        'place:1:0010:visit]',
        (2, 8, 26, 377)),
    # Municipium 4p, one chamber citizen, entry 120
    ("municipium",
        '4p/single t12 a3 s0 B:1031110/0000000,a,f2,d0,000 O:1001301/1000000,-,f0,d0,100 '
        'Y:2101111/0000000,sm,f0,d0,100 P:0312010/0000000,m,f0,d1,100 T:yobp I:p,-,m,-,pa,-,s '
        'P1 C:F_FmF_F_F_F_ bag:13,13,11,13 sup:7 wr:9 deck:2,3,3,2 disc:1,0,0,1/0 ev:2 '
        '[end_turn:-3 card:3]',
        (2, 8, 29, 145)),
    # Municipium 3p short game, entry 200
    ("municipium",
        '3p/short t17 a1 s0 B:4000021/0000000,sssaaa,f1,d1,000 '
        'O:1001020/0200001,pssmm,f0,d0,000 Y:2200111/0000000,mma,f0,d0,000 T:boy '
        'I:p,p,-,p,-,a,- P6 C:FpFsFpFpFpFm bag:7,9,10,10 sup:8 wr:7 deck:1,2,1,1 disc:2,1,2,2/1'
        ' ev:6 [end_turn:-3 card:1 move:1:0:-1:-1:0]',
        (12, 134, 137, 546)),
    # Concordia Creta 2p: the city tokens drawn; no empty cash at the first Prefect (C-M.creta.4)
    ("concordia",
        'creta 2p r2 t0 a0 s0 pm1 cc-1 x0 tok:TBFBCWCBFB.FTBFWWTCTF mk:TCCFTWWCF fb:......... '
        'hs:000000000000000000000 dp:12.10.8.6.13.9.7 dk:11/6.7.8.9.14.15.16 '
        'P0:5,1.2.1.1.1,2.2,20.21,0.1.2.2.3.4.5,,0 P1:6,1.2.1.1.1,2.2,20.21,0.1.2.2.3.4.5,,0 '
        '[turn:0]',
        (6, 75, 531)),
    # Concordia Hispania 3p: the city tokens drawn
    ("concordia",
        'hispania 3p r2 t0 a2 s2 pm1 cc-1 x0 tok:TBFFWTCBFBF.TBTWCBCWBWTF mk:TWCFTCCWT '
        'fb:......... hs:000000000000000000000000 dp:7.13.9.6.8.12.11 '
        'dk:10/6.7.8.9.14.15.16/6.7.8.9.14.17 P0:6,1.2.1.1.1,2.2,22.23,0.1.2.2.3.4.5,,0 '
        'P1:7,1.2.1.1.1,2.2,22.23,0.1.2.2.3.4.5,,0 P2:5,1.2.1.1.1,2.2,22.23,0.1.2.2.3.4.5,,0 '
        '[turn:2]',
        (6, 77, 525)),
    # Concordia Imperium 3p: the city tokens drawn
    ("concordia",
        'imperium 3p r2 t0 a0 s0 pm2 cc-1 x0 tok:TBFBWTCBFBFW.BBTTFCWTCTFBCFBFWW '
        'mk:TWCFWTCCCTFW fb:............ hs:0000000000000000000000000000000 '
        'dp:12.11.9.13.7.8.10 dk:6/6.7.8.9.14.15.16/6.7.8.9.14.17 '
        'P0:5,1.2.1.1.1,2.2,24.25,0.1.2.2.3.4.5,,0 P1:6,1.2.1.1.1,2.2,24.25,0.1.2.2.3.4.5,,0 '
        'P2:7,1.2.1.1.1,2.2,24.25,0.1.2.2.3.4.5,,0 [turn:0]',
        (6, 75, 529)),
    # Concordia Ionium 5p: the city tokens drawn
    ("concordia",
        'ionium 5p r2 t0 a1 s1 pm0 cc-1 x0 tok:.TBFFWCTBTBFCWBTTBWCBWFFBCFBFWT mk:TTWCCTWCWCFW '
        'fb:............ hs:0000000000000000000000000000000 dp:12.11.9.13.7.8.10 '
        'dk:6/6.7.8.9.14.15.16/6.7.8.9.14.17/6.7.9.14.18/7.8.14.19 '
        'P0:9,1.2.1.1.1,2.2,0.1,0.1.2.2.3.4.5,,0 P1:5,1.2.1.1.1,2.2,0.1,0.1.2.2.3.4.5,,0 '
        'P2:6,1.2.1.1.1,2.2,0.1,0.1.2.2.3.4.5,,0 P3:7,1.2.1.1.1,2.2,0.1,0.1.2.2.3.4.5,,0 '
        'P4:8,1.2.1.1.1,2.2,0.1,0.1.2.2.3.4.5,,0 [turn:1]',
        (6, 75, 538)),
    # Concordia Italia 2p: the city tokens drawn
    ("concordia",
        'italia 2p r2 t0 a1 s1 pm0 cc-1 x0 tok:TBFBCWFBFBTTBBWTFCWBCTFFW. mk:TCWFTWTCWCW '
        'fb:........... hs:00000000000000000000000000 dp:8.6.7.13.11.12.10 '
        'dk:9/6.7.8.9.14.15.16 P0:6,1.2.1.1.1,2.2,50.51,0.1.2.2.3.4.5,,0 '
        'P1:5,1.2.1.1.1,2.2,50.51,0.1.2.2.3.4.5,,0 [turn:1]',
        (6, 73, 496)),
    # Concordia Imperium 4p, entry 120 (turn 48)
    ("concordia",
        'imperium 4p r2 t48 a0 s0 pm3 cc-1 x0 tok:CBTBFCBTFFTB.CBFBBTWFWFWBWTWTCF '
        'mk:cTcfCWwwwFwC fb:............ hs:0000100000000840200000008400000 '
        'dp:13.6.10.6.16.7.14 dk:/8.9.15/6.7.8.9.14.17/6.7.9.14.18 '
        'P0:0,1.1.0.3.0,1.1,24.151.25.24,7.1.5.3.0,2.2.4,1 '
        'P1:10,0.0.0.2.0,1.2,24.65.24,2.5.1.11.12.3.2.0,4,1 '
        'P2:1,1.3.0.2.2,1.2,24.135.24,0,4.5.3.2.9.1.2,2 '
        'P3:9,1.2.0.2.1,2.2,24.177,2.2.1.4.0,5.3.8,2 [turn:0]',
        (5, 106, 2391)),
]
"""(title, position text, leaves at depth 1, 2, ...)."""


@pytest.mark.parametrize("title, text, expected", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_perft(title, text, expected):
    game = stand(title, text)
    counts = tuple(perft(game, depth) for depth in range(1, len(expected) + 1))
    assert counts == expected, (game.position(), counts)
