use super::*;

struct TestHost {
    limit: usize,
    used: usize,
}
impl PrintfHost for TestHost {
    fn now(&mut self) -> i64 {
        1_700_000_000
    }
    fn shell_start(&mut self) -> i64 {
        1_600_000_000
    }
    fn allow_growth(&mut self, bytes: usize) -> bool {
        if self.used.saturating_add(bytes) > self.limit {
            return false;
        }
        self.used += bytes;
        true
    }
}
fn host() -> TestHost {
    TestHost {
        limit: 10_000_000,
        used: 0,
    }
}

type Case = (
    &'static [u8],
    &'static [&'static [u8]],
    &'static [u8],
    i32,
    &'static [&'static [u8]],
);

/// Recorded from GNU bash 5.2.15 (`printf "$@"`, TZ=UTC, LANG=C.UTF-8).
const BASH_CASES: &[Case] = &[
(b"%d|%d\\n", &[b"12abc", b"3"], b"12|3\x0a", 1, &[b"printf: 12abc: invalid number"]),
(b"%z|%d\\n", &[b"1", b"3"], b"", 1, &[b"printf: `|': invalid format character"]),
(b"a%zb\\n", &[], b"a\x0a", 0, &[]),
(b"%d\\n", &[b"'\xc3\xa9", b"'a", b"\"b", b"'"], b"233\x0a97\x0a98\x0a0\x0a", 0, &[]),
(b"%d\\n", &[b" 12", b"12 ", b"+5", b"-5", b" -0x1f", b"010", b"0x", b"99999999999999999999", b"-99999999999999999999"], b"12\x0a12\x0a5\x0a-5\x0a-31\x0a8\x0a0\x0a9223372036854775807\x0a-9223372036854775808\x0a", 1, &[b"printf: 12 : invalid number", b"printf: 0x: invalid hex number", b"printf: warning: 99999999999999999999: Numerical result out of range", b"printf: warning: -99999999999999999999: Numerical result out of range"]),
(b"%u\\n", &[b"-1"], b"18446744073709551615\x0a", 0, &[]),
(b"%i %o %x %X %#o %#x\\n", &[b"10", b"10", b"255", b"255", b"8", b"255"], b"10 12 ff FF 010 0xff\x0a", 0, &[]),
(b"%.20f|%.0f|%.0f|%.0f|%.2f|%g|%g|%g|%e|%a|%A\\n", &[b"0.1", b"0.5", b"1.5", b"2.5", b"0.125", b"100000", b"1000000", b"0.0001", b"0", b"1", b"-0.5"], b"0.10000000000000000000|0|2|2|0.12|100000|1e+06|0.0001|0.000000e+00|0x8p-3|-0X8P-4\x0a", 0, &[]),
(b"%f %f %f %F %e %g %a\\n", &[b"inf", b"-inf", b"nan", b"NaN", b"infinity", b"-nan", b"1e5000"], b"inf -inf nan NAN inf -nan inf\x0a", 0, &[b"printf: warning: 1e5000: Numerical result out of range"]),
(b"%f|%f|%f|%g|%#g|%#.0f|%#x|%#o|%+d|% d|%'d\\n", &[b"abc", b"1x", b"0x10", b"1e-5", b"1", b"3", b"0", b"0", b"5", b"5", b"1234567"], b"0.000000|1.000000|16.000000|1e-05|1.00000|3.|0|0|+5| 5|1234567\x0a", 1, &[b"printf: abc: invalid number", b"printf: 1x: invalid number"]),
(b"%.3d|%08.3d|%-8d|%08d|%-08d|%+08.2f|%x|%c|%c|%5c|%.0s|%5.2s|\\n", &[b"5", b"5", b"5", b"-5", b"5", b"3.14159", b"-1", b"hello", b"", b"x", b"abc", b"abc"], b"005|     005|5       |-0000005|5       |+0003.14|ffffffffffffffff|h|\x00|    x||   ab|\x0a", 0, &[]),
(b"%La %Lf %ld %lld %hd %hhd %jd %zd %td %qd\\n", &[b"1", b"1", b"1", b"1", b"70000", b"300", b"1", b"1", b"1", b"1"], b"0x8p-3 1.000000 1 1 70000 300 1 1 1 1d\x0a", 0, &[]),
(b"%a %a %a %a %.2a %a %a\\n", &[b"0.1", b"3", b"1e-4940", b"255", b"1.999", b"0x1p-16445", b"1.5"], b"0xc.ccccccccccccccdp-7 0xcp-2 0x0.000000663278e62p-16385 0xf.fp+4 0xf.fep-3 0x0.000000000000001p-16385 0xcp-3\x0a", 0, &[b"printf: warning: 1e-4940: Numerical result out of range"]),
(b"%.0a %.0a %.1a %a %a %a\\n", &[b"1.999", b"1.5", b"1.96875", b"1e4932", b"1.18973149535723176502e+4932", b"-0"], b"0x1p+1 0xcp-3 0xf.cp-3 0xd.72cb2a95c7ef6cdp+16380 0xf.fffffffffffffffp+16380 -0x0p+0\x0a", 0, &[]),
(b"%g %g %g %g %.3g %.10g %#.3g %g %G\\n", &[b"1e-4", b"1e-5", b"123456", b"1234567", b"0.0001234", b"1.5", b"1", b"1e100", b"1e-100"], b"0.0001 1e-05 123456 1.23457e+06 0.000123 1.5 1.00 1e+100 1E-100\x0a", 0, &[]),
(b"%e %.0e %#.0e %E %e\\n", &[b"12345.678", b"5", b"5", b"1e-300", b"1e300"], b"1.234568e+04 5e+00 5.e+00 1.000000E-300 1.000000e+300\x0a", 0, &[]),
(b"%.0a %.0a %.0a %.1a\\n", &[b"1.0625", b"1.1875", b"1.03125", b"1.09375"], b"0x8p-3 0xap-3 0x8p-3 0x8.cp-3\x0a", 0, &[]),
(b"%q\\n", &[b"a b", b"", b"~x", b"x~", b"#a", b"a#", b"a\x0ab", b"a'b", b"a\"b", b"$x", b"\xc3\xa9", b"\xff", b"\x01", b"a=/root", b"a:~", b"a=b:/root", b"\xe2\x80\xa8", b"\xc2\xa0"], b"a\\ b\x0a''\x0a\\~x\x0ax~\x0a\\#a\x0aa#\x0a$'a\\nb'\x0aa\\'b\x0aa\\\"b\x0a\\$x\x0a\xc3\xa9\x0a$'\\377'\x0a$'\\001'\x0aa=/root\x0aa:\\~\x0aa=b:/root\x0a$'\\342\\200\\250'\x0a\xc2\xa0\x0a", 0, &[]),
(b"\\0101\\101\\1012\\08|\\x\\x414\\u\\u12345\\U\\U0001F600\\ud800\\U110000\\U7fffffff\\UFFFFFFFF\\q\\\"\\?\\e\\E\\c after", &[], b"\x081AA2\x008|\\xA4\\u\xe1\x88\xb45\\U\xf0\x9f\x98\x80\xed\xa0\x80\xf4\x90\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf\\q\"?\x1b\x1b\\c after", 0, &[b"printf: missing hex digit for \\x", b"printf: missing unicode digit for \\u", b"printf: missing unicode digit for \\U"]),
(b"%b|", &[b"\\0101\\101\\01012\\08", b"\\xZ\\x414", b"\\q\\\"\\?\\e\\E", b"\\u00e9\\ud800", b"a\\cb", b"x"], b"AAA2\x008|\\xZA4|\\q\\\"\\?\x1b\x1b|\xc3\xa9\xed\xa0\x80|a", 0, &[b"printf: missing hex digit for \\x"]),
(b"%5%|%-5%|%%\\n", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%s %s|", &[b"a", b"b", b"c"], b"a b|c |", 0, &[]),
(b"x\\n", &[b"a", b"b"], b"x\x0a", 0, &[]),
(b"%s-%d\\n", &[], b"-0\x0a", 0, &[]),
(b"%*d|%.*f|\\n", &[b"5", b"1", b"2", b"3.14159", b"-3", b"2"], b"    1|3.14|\x0a2  |0|\x0a", 0, &[]),
(b"%*d|\\n", &[b"abc", b"5"], b"5|\x0a", 1, &[b"printf: abc: invalid number"]),
(b"%.*d|\\n", &[b"-3", b"5"], b"5|\x0a", 0, &[]),
(b"%d%b%d", &[b"a", b"\\c", b"b"], b"0", 0, &[b"printf: a: invalid number"]),
(b"%b|", &[b"\\x", b"\\u", b"\\U", b"\\'", b"\\\\", b"\\a\\b\\f\\n\\r\\t\\v", b"\\0", b"\\00000", b"\\1", b"\\400", b"\\777", b"\\0777", b"\\8", b"\\x1", b"\\x123", b"\\u110000", b"a\\\\", b"a\\"], b"\\x|\\u|\\U|\\'|\\|\x07\x08\x0c\x0a\x0d\x09\x0b|\x00|\x000|\x01|\x00|\xff|\xff|\\8|\x01|\x123|\xe1\x84\x8000|a\\|a\\|", 0, &[b"printf: missing hex digit for \\x", b"printf: missing unicode digit for \\u", b"printf: missing unicode digit for \\U"]),
(b"abc%", &[], b"abc", 1, &[b"printf: `%': missing format character"]),
(b"abc%-", &[], b"abc", 1, &[b"printf: `%-': missing format character"]),
(b"a%(abc", &[], b"a%(abc", 0, &[b"printf: warning: `\x00': invalid time format specification"]),
(b"%d|", &[b"", b"0xg", b"08", b"1 2", b" ", b"-", b"+", b"0x1F", b"0X1f", b" +0x1f", b"-0", b"9223372036854775808", b"'ab", b"019", b"0x1g"], b"0|0|0|1|0|0|0|31|31|31|0|9223372036854775807|97|1|1|", 1, &[b"printf: 0xg: invalid hex number", b"printf: 08: invalid octal number", b"printf: 1 2: invalid number", b"printf:  : invalid number", b"printf: -: invalid number", b"printf: +: invalid number", b"printf: warning: 9223372036854775808: Numerical result out of range", b"printf: 019: invalid octal number", b"printf: 0x1g: invalid hex number"]),
(b"%u|%x|%o|", &[b"-1", b"-1", b"-5", b"18446744073709551615", b"18446744073709551616", b" -3"], b"18446744073709551615|ffffffffffffffff|1777777777777777777773|18446744073709551615|ffffffffffffffff|1777777777777777777775|", 0, &[b"printf: warning: 18446744073709551616: Numerical result out of range"]),
(b"%f|%f|%f|%.3f|%f|%f|%e|", &[b"'a", b"0x1p3", b" 1.5", b"1e-400", b"1.5 ", b"", b"1,5"], b"97.000000|8.000000|1.500000|0.000|1.500000|0.000000|1.000000e+00|", 1, &[b"printf: 1.5 : invalid number", b"printf: 1,5: invalid number"]),
(b"%(%Y-%m-%d %H:%M:%S %j %a %A %b %B %y %e %Z %z %s %T %D %F %R %% %n%t|)T\\n", &[b"1700000000"], b"2023-11-14 22:13:20 318 Tue Tuesday Nov November 23 14 UTC +0000 1700000000 22:13:20 11/14/23 2023-11-14 22:13 % \x0a\x09|\x0a", 0, &[]),
(b"%()T|%15(%F)T|%-12.4(%F)T|%(%Q)T|%(%F)T\\n", &[b"3600", b"0", b"0", b"0", b"abc"], b"01:00:00|     1970-01-01|1970        |%Q|1970-01-01\x0a", 1, &[b"printf: abc: invalid number"]),
(b"%(%F)T %(%F)T\\n", &[b"-100000000000", b"253402300800"], b"-1199-02-15 10000-01-01\x0a", 0, &[]),
(b"%.3(%s)T|%#(%F)T|%+5(%F)T\\n", &[b"1", b"1", b"1"], b"1|1970-01-01|1970-01-01\x0a", 0, &[]),
(b"%05s|%-5s|%5s|%.1s|", &[b"ab", b"ab", b"ab", b"\xc3\xa9"], b"   ab|ab   |   ab|\xc3|", 0, &[]),
(b"%c|%5c|%-3c|", &[b"\xc3\xa9", b"abc", b"x"], b"\xc3|    a|x  |", 0, &[]),
(b"%.3x|%#.3x|%#5x|%#05x|%-#8o|%+u|% u|%+x", &[b"10", b"10", b"10", b"10", b"8", b"5", b"5", b"5"], b"00a|0x00a|  0xa|0x00a|010     |5|5|5", 0, &[]),
(b"%+.3e|%-12.4e|%012.4e|%+012.4e|% f|%+f", &[b"1234.5", b"1234.5", b"-1234.5", b"1234.5", b"1", b"1"], b"+1.234e+03|1.2345e+03  |-01.2345e+03|+01.2345e+03| 1.000000|+1.000000", 0, &[]),
(b"%10.3f|%-10.3f|%010.3f|%+010.3f|%010f|%-010f", &[b"3.14159", b"3.14159", b"-3.14159", b"3.14159", b"inf", b"nan"], b"     3.142|3.142     |-00003.142|+00003.142|       inf|nan       ", 0, &[]),
(b"%g|%g|%g|%g|%g|%g|%#g|%#g|%.0g|%.1g", &[b"0", b"100", b"0.00001234", b"123456789", b"1e15", b"-0.0", b"0", b"123456789", b"0.5", b"0.05"], b"0|100|1.234e-05|1.23457e+08|1e+15|-0|0.00000|1.23457e+08|0.5|0.05", 0, &[]),
(b"%.15g|%.17g|%.20g|%.30e", &[b"0.1", b"0.1", b"0.1", b"0.1"], b"0.1|0.1|0.1|1.000000000000000000013552527156e-01", 0, &[]),
(b"%f|%.10f|%.0e|%e", &[b"1e20", b"123.456", b"15", b"1e-10"], b"100000000000000000000.000000|123.4560000000|2e+01|1.000000e-10", 0, &[]),
(b"%a|%A|%.3a|%#a|%20a|%-20a|%020a", &[b"10", b"10", b"10", b"1", b"1", b"1", b"1"], b"0xap+0|0XAP+0|0xa.000p+0|0x8.p-3|              0x8p-3|0x8p-3              |0x000000000000008p-3", 0, &[]),
(b"%.0f|%.0f|%.0f|%.0f|%.1f|%.1f|%.2f|%.2f", &[b"3.5", b"4.5", b"-0.5", b"0.49999", b"0.25", b"0.35", b"1.005", b"2.675"], b"4|4|-0|0|0.2|0.3|1.00|2.67", 0, &[]),
(b"%s %d %s\\n", &[b"a", b"1", b"b", b"2", b"c"], b"a 1 b\x0a2 0 \x0a", 1, &[b"printf: c: invalid number"]),
(b"%5d|%-5d|%05d|%+5d|% 05d|%.0d|%.0d|", &[b"42", b"42", b"42", b"42", b"42", b"0", b"1"], b"   42|42   |00042|  +42| 0042||1|", 0, &[]),
(b"%x %X %o", &[b"0x7fffffffffffffff", b"-0x8000000000000000", b"0xffffffffffffffff"], b"7fffffffffffffff 8000000000000000 1777777777777777777777", 0, &[]),
(b"%d", &[b"0xffffffffffffffff"], b"9223372036854775807", 0, &[b"printf: warning: 0xffffffffffffffff: Numerical result out of range"]),
(b"%d", &[b"-9223372036854775808"], b"-9223372036854775808", 0, &[]),
(b"%u", &[b"-18446744073709551616"], b"18446744073709551615", 0, &[b"printf: warning: -18446744073709551616: Numerical result out of range"]),
(b"%e", &[b"1e-4950"], b"1.093560e-4950", 0, &[b"printf: warning: 1e-4950: Numerical result out of range"]),
(b"%.50f", &[b"1e-5"], b"0.00000999999999999999999994891332536872501079994180", 0, &[]),
(b"%f", &[b"123456789012345678901234567890"], b"123456789012345678899921813504.000000", 0, &[]),
(b"%*s%1a", &[b"0", b"~a", b"-0"], b"~a-0x0p+0", 0, &[]),
(b"%.qx y", &[b"'A", b"\xc3\xa9", b"1", b"", b"~a"], b"x yx yx yx yx y", 0, &[]),
(b"%+F%0.*F-%0#e", &[b"9999999999999999999", b"0x1.8p3"], b"+9999999999999999999.0000000.0-0.000000e+00", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
(b"%*.0G% -1b%#.1%%+0e", &[b"", b"\\t\\c", b"  7", b"0.000123"], b"0  7", 1, &[b"printf: \\t\\c: invalid number", b"printf: `%': invalid format character"]),
(b"%0a%0+A% .10A", &[b"0.000123", b"x\\0101", b"0.000123"], b"0x8.0f98fa376922d95p-16+0X0P+0 0X8.0F98FA3769P-16", 1, &[b"printf: x\\0101: invalid number"]),
(b"%0 1X", &[b"0x1f", b"-2.5", b"nan", b"-1"], b"1FFFFFFFFFFFFFFFFE0FFFFFFFFFFFFFFFF", 1, &[b"printf: -2.5: invalid number", b"printf: nan: invalid number"]),
(b"a", &[b"0", b"-0", b"inf"], b"a", 0, &[]),
(b"|%12X% #.d", &[b"\\n", b"123456.789"], b"|           0 123456", 1, &[b"printf: \\n: invalid number", b"printf: 123456.789: invalid number"]),
(b"%-5A%*.*X%#+b%-#A", &[], b"0X0P+00X0.P+0", 0, &[]),
(b"|%-.1X%+1e", &[b"#x", b"12abc", b"  7", b"-1"], b"|0+1.200000e+01|7-1.000000e+00", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number"]),
(b"\\qx y%05.o|", &[b"'A", b"-0", b"123456.789", b"  7"], b"\\qx y  101|\\qx y     |\\qx y361100|\\qx y    7|", 1, &[b"printf: 123456.789: invalid number"]),
(b"%-*.10u%-5gx y", &[], b"00000000000    x y", 0, &[]),
(b"% u%-d", &[b"0", b"-2.5", b"x\\0101", b"1e10"], b"0-201", 1, &[b"printf: -2.5: invalid number", b"printf: x\\0101: invalid number", b"printf: 1e10: invalid number"]),
(b"x y", &[b"1e10"], b"x y", 0, &[]),
(b"|a%0.1s%.F", &[b"2.5", b"~a", b"\\t\\c", b"2.5", b"\\t\\c"], b"|a20|a\\2|a\\0", 1, &[b"printf: ~a: invalid number"]),
(b"%+.0G-x y-", &[b"\\n"], b"+0-x y-", 1, &[b"printf: \\n: invalid number"]),
(b"|% +1.E%0d", &[b"0", b"9999999999999999999", b"0.000123", b"0x1.8p3", b"1e300"], b"|+0E+009223372036854775807|+1E-041|+1E+3000", 1, &[b"printf: warning: 9999999999999999999: Numerical result out of range", b"printf: 0x1.8p3: invalid hex number"]),
(b"% 12.0x%- q", &[b"'A", b"0x1f", b"1.5", b"\xc3\xa9", b"12abc"], b"          410x1f           1\xc3\xa9           c''", 1, &[b"printf: 1.5: invalid number", b"printf: 12abc: invalid number"]),
(b"%+ c", &[b"nan", b"~a", b"#x"], b"n~#", 0, &[]),
(b"%+1A", &[b"1", b"42", b"0.000123", b"1e-10"], b"+0X8P-3+0XA.8P+2+0X8.0F98FA376922D95P-16+0XD.BE6FECEBDEDD5BFP-37", 0, &[]),
(b"%#+.10f%1G", &[b"  7"], b"+7.00000000000", 0, &[]),
(b"% 0*u%0#12.10i", &[b"\\t\\c", b"0.000123", b"\\n"], b"0  0000000000", 1, &[b"printf: \\t\\c: invalid number", b"printf: 0.000123: invalid number", b"printf: \\n: invalid number"]),
(b"%.1u\\n", &[b"-2.5"], b"18446744073709551614\x0a", 1, &[b"printf: -2.5: invalid number"]),
(b"%.3a-%#+*F\\x41", &[b"0", b"010", b"~a", b"1", b"1"], b"0x0.000p+0-+0.000000A0x8.000p-3-+0.000000A", 1, &[b"printf: ~a: invalid number"]),
(b"%5f%#X", &[b"0.000123", b"0x1.8p3", b"x\\0101", b"1e10"], b"0.0001230X10.0000000X1", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: x\\0101: invalid number", b"printf: 1e10: invalid number"]),
(b"%+1da", &[b"9999999999999999999", b"1e-10", b"3.14159", b"  7"], b"+9223372036854775807a+1a+3a+7a", 1, &[b"printf: warning: 9999999999999999999: Numerical result out of range", b"printf: 1e-10: invalid number", b"printf: 3.14159: invalid number"]),
(b"%#.10gx y% .*%", &[b"1e10", b"\\n", b"\\n"], b"1.000000000e+10x y", 1, &[b"printf: \\n: invalid number", b"printf: `%': invalid format character"]),
(b"%0bx y", &[b"x\\0101", b"1.5", b"12abc", b"~a"], b"xAx y1.5x y12abcx y~ax y", 0, &[]),
(b"%a%0-5F", &[b"1", b"x\\0101", b"abc", b"\\t\\c", b"-0"], b"0x8p-30.0000000x0p+00.000000-0x0p+00.000000", 1, &[b"printf: x\\0101: invalid number", b"printf: abc: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%- A% +12.3b", &[], b" 0X0P+0            ", 0, &[]),
(b"%0#1d|% .0E", &[b"-0", b"3.14159"], b"0| 3E+00", 0, &[]),
(b"% #X", &[b"-0", b"0.000123"], b"00", 1, &[b"printf: 0.000123: invalid number"]),
(b"%+12g%0d", &[b"\\t\\c", b"2.5", b"\xc3\xa9", b"inf"], b"          +02          +00", 1, &[b"printf: \\t\\c: invalid number", b"printf: 2.5: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: inf: invalid number"]),
(b"|%#+.10X|", &[b"~a", b"a b", b"1.5", b"\\t\\c", b"inf"], b"|0000000000||0000000000||0X0000000001||0000000000||0000000000|", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number", b"printf: 1.5: invalid number", b"printf: \\t\\c: invalid number", b"printf: inf: invalid number"]),
(b"% -*.X", &[], b"", 0, &[]),
(b"%.s", &[b"~a", b"123456.789", b"-0", b"1e10", b"0x1f"], b"", 0, &[]),
(b"\\t", &[b"~a", b"\\n", b"12abc"], b"\x09", 0, &[]),
(b"\\101%#+12.10u", &[b"-2.5"], b"A18446744073709551614", 1, &[b"printf: -2.5: invalid number"]),
(b"a", &[b"2.5", b"\\n", b"9999999999999999999"], b"a", 0, &[]),
(b"%+-5qx y", &[b"1e-10", b"-2.5"], b"1e-10x y-2.5 x y", 0, &[]),
(b"%-1x-%-*f%.*f", &[b"inf", b"inf"], b"0-0.0000000", 1, &[b"printf: inf: invalid number", b"printf: inf: invalid number"]),
(b"%+ 1q", &[b"010", b"\xc3\xa9", b"3.14159"], b"010\xc3\xa93.14159", 0, &[]),
(b"%- 1.0A%b%-.10i", &[b"1e-10", b"\\t\\c", b"~a"], b" 0XEP-37\x09", 0, &[]),
(b"%-12.a", &[], b"0x0p+0      ", 0, &[]),
(b"%*F|%12a", &[b"1e300", b"0.5", b"1e-10", b"~a"], b"0.500000|0xd.be6fecebdedd5bfp-370.000000|      0x0p+0", 1, &[b"printf: 1e300: invalid number", b"printf: ~a: invalid number"]),
(b"%+*u", &[b"0.000123", b"1e-10", b"3.14159"], b"1  0", 1, &[b"printf: 0.000123: invalid number", b"printf: 1e-10: invalid number", b"printf: 3.14159: invalid number"]),
(b"%0 12.1b", &[b"0", b"1e10", b"abc", b"2.5"], b"           0           1           a           2", 0, &[]),
(b"%-#.1a%xx y", &[b"nan", b"inf", b"123456.789", b"a b"], b"nan0x y0xf.1p+130x y", 1, &[b"printf: inf: invalid number", b"printf: a b: invalid number"]),
(b"%0X-%+-*i", &[], b"0-+0", 0, &[]),
(b"%1e%.10G% 5E", &[b"~a", b"a b", b"010"], b"0.000000e+000 1.000000E+01", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
(b"%#*sx yx y-", &[b"0", b"1e10", b"1.5", b"  7", b"2.5"], b"1e10x yx y-  7x yx y-  x yx y-", 1, &[b"printf: 1.5: invalid number", b"printf: 2.5: invalid number"]),
(b"%0#c%#+X\\n", &[b"-1", b"a b", b"x\\0101"], b"-0\x0ax0\x0a", 1, &[b"printf: a b: invalid number"]),
(b"\\q%-0a\\101%#.s", &[b"abc", b"x\\0101"], b"\\q0x0p+0A", 1, &[b"printf: abc: invalid number"]),
(b"|%+.3f", &[b"9999999999999999999", b"x\\0101", b"-0", b"\xc3\xa9"], b"|+9999999999999999999.000|+0.000|-0.000|+0.000", 1, &[b"printf: x\\0101: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%+.3A|\\t", &[b"1"], b"+0X8.000P-3|\x09", 0, &[]),
(b"\\x41", &[], b"A", 0, &[]),
(b"%.10i%# 1A%- .*i%-#*.10s", &[b"1e10", b"1e300", b"0.5"], b"0000000001 0XB.F21E44003ACDD2DP+993 ", 1, &[b"printf: 1e10: invalid number", b"printf: 0.5: invalid number"]),
(b"%+0.10F%0+s", &[], b"+0.0000000000", 0, &[]),
(b"% 0*.E", &[b"-0", b"-0", b"inf", b"x\\0101"], b"-0E+00 0E+00", 1, &[b"printf: inf: invalid number", b"printf: x\\0101: invalid number"]),
(b"|%0-x", &[b"-0", b"-0", b"1e300"], b"|0|0|1", 1, &[b"printf: 1e300: invalid number"]),
(b"\\t%#+5%%+-x", &[b"'A", b"2.5", b"0x1.8p3", b"1e300", b"123456.789"], b"\x09", 1, &[b"printf: `%': invalid format character"]),
(b"|", &[b"nan", b"", b"-2.5", b"42", b"0x1f"], b"|", 0, &[]),
(b"\\t", &[b"1.5", b"\xc3\xa9", b"2.5", b"0"], b"\x09", 0, &[]),
(b"%+-.*g", &[b"\\n", b"1"], b"+1", 1, &[b"printf: \\n: invalid number"]),
(b"%5i", &[b"3.14159", b"-2.5"], b"    3   -2", 1, &[b"printf: 3.14159: invalid number", b"printf: -2.5: invalid number"]),
(b"\\t", &[b"42", b"a b"], b"\x09", 0, &[]),
(b"x y", &[b"inf", b"0.5"], b"x y", 0, &[]),
(b"\\\\%5f%0#a", &[b"", b"1.5"], b"\\0.0000000xc.p-3", 0, &[]),
(b"a|", &[b"-0", b"1", b"nan"], b"a|", 0, &[]),
(b"%#1o% -.0x|", &[b"'A", b"1e300", b"123456.789", b"a b", b"9999999999999999999"], b"01011|0361100|01053071060221171777777|", 1, &[b"printf: 1e300: invalid number", b"printf: 123456.789: invalid number", b"printf: a b: invalid number"]),
(b"x y%-.1d", &[b"0", b"1e-10", b"\\n", b"0.5"], b"x y0x y1x y0x y0", 1, &[b"printf: 1e-10: invalid number", b"printf: \\n: invalid number", b"printf: 0.5: invalid number"]),
(b"x y% .10cx y%-0b", &[b"0.000123", b"-0", b"0.000123", b"1e300"], b"x y0x y-0x y0x y1e300", 0, &[]),
(b"%+-.0u% #.*i", &[b"\xc3\xa9", b"x\\0101", b"\\n", b"0.000123"], b"  ", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: x\\0101: invalid number", b"printf: \\n: invalid number", b"printf: 0.000123: invalid number"]),
(b"%#.10b-%+#u", &[b"1", b"1e300", b"'A", b"\\n"], b"1-1'A-0", 1, &[b"printf: 1e300: invalid number", b"printf: \\n: invalid number"]),
(b"%12g%#05.3q", &[], b"           0   ''", 0, &[]),
(b"%*.o%#F%fx y", &[b"", b"\\t\\c", b"0", b"inf", b"\xc3\xa9"], b"0.000000infx y0.0000000.000000x y", 1, &[b"printf: \\t\\c: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%+5.10d%+e", &[b"  7", b"3.14159", b"inf", b"\\t\\c", b"#x"], b"+0000000007+3.141590e+00+0000000000+0.000000e+00+0000000000+0.000000e+00", 1, &[b"printf: inf: invalid number", b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
(b"%1s", &[], b" ", 0, &[]),
(b"%.1A|", &[b"2.5", b"~a", b"  7", b"x\\0101"], b"0XA.0P-2|0X0.0P+0|0XE.0P-1|0X0.0P+0|", 1, &[b"printf: ~a: invalid number", b"printf: x\\0101: invalid number"]),
(b"%#+12.0f%G", &[b"abc", b"nan"], b"         +0.NAN", 1, &[b"printf: abc: invalid number"]),
(b"\\x41\\x41|", &[b"", b"010"], b"AA|", 0, &[]),
(b"%0+E", &[b"1e-10", b"#x", b"\\t\\c", b"010"], b"+1.000000E-10+0.000000E+00+0.000000E+00+1.000000E+01", 1, &[b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%1.3a", &[b"1e-10", b"1e-10", b"3.14159"], b"0xd.be7p-370xd.be7p-370xc.910p-2", 0, &[]),
(b"%*.0E\\t", &[b"0x1.8p3", b"9999999999999999999"], b"1E+19\x09", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
(b"%+.10%", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%012.0ux y%a", &[], b"            x y0x0p+0", 0, &[]),
(b"%012u%#0.X", &[b"  7", b"", b"x\\0101", b"-0", b"x\\0101"], b"000000000007000000000000000000000000", 1, &[b"printf: x\\0101: invalid number", b"printf: x\\0101: invalid number"]),
(b"\\n%1.s\\q%+1c", &[b"0x1f"], b"\x0a \\q\x00", 0, &[]),
(b"%05.10o%5F", &[b"-1", b"  7", b"3.14159"], b"17777777777777777777777.00000000000000030.000000", 1, &[b"printf: 3.14159: invalid number"]),
(b"x y% #12.q%-12%%-G", &[b"\\t\\c", b"1", b"1e10"], b"x y            ", 1, &[b"printf: `%': invalid format character"]),
(b"%12.1q", &[], b"           '", 0, &[]),
(b"%-.10q|%+5a", &[b"  7", b"x\\0101"], b"\\ \\ 7|+0x0p+0", 1, &[b"printf: x\\0101: invalid number"]),
(b"%01E%#o|", &[b"x\\0101", b"-2.5"], b"0.000000E+0001777777777777777777776|", 1, &[b"printf: x\\0101: invalid number", b"printf: -2.5: invalid number"]),
(b"\\q%12i", &[b"  7", b"1.5", b"'A", b"3.14159", b"2.5"], b"\\q           7\\q           1\\q          65\\q           3\\q           2", 1, &[b"printf: 1.5: invalid number", b"printf: 3.14159: invalid number", b"printf: 2.5: invalid number"]),
(b"%+-12i-%.10b", &[b"0x1f", b"010", b""], b"+31         -010+0          -", 0, &[]),
(b"%0-.G", &[b"123456.789", b"0.000123", b""], b"1E+050.00010", 0, &[]),
(b"x y", &[], b"x y", 0, &[]),
(b"\\\\|", &[], b"\\|", 0, &[]),
(b"|\\101", &[b"0x1.8p3"], b"|A", 0, &[]),
(b"%-+.10F%#0*.%%01e", &[b"  7", b"0x1.8p3", b"  7", b"1e300", b"~a"], b"+7.0000000000", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: `%': invalid format character"]),
(b"%1.g%-+.*o-", &[b"123456.789", b"", b"1"], b"1e+051-", 0, &[]),
(b"%0 *.10c%.0i", &[b"inf", b"", b"inf", b"\\t\\c"], b"\x00\x00", 1, &[b"printf: inf: invalid number", b"printf: inf: invalid number", b"printf: \\t\\c: invalid number"]),
(b"\\t% 12.0x-%01F", &[b"-0", b"\xc3\xa9", b"0", b"1.5"], b"\x09            -0.000000\x09            -1.500000", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%f", &[b"a b", b"", b"42"], b"0.0000000.00000042.000000", 1, &[b"printf: a b: invalid number"]),
(b"%0+1o", &[b"0"], b"0", 0, &[]),
(b"%-01g", &[], b"0", 0, &[]),
(b"%+12X", &[b"\\t\\c"], b"           0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"\\\\", &[b"~a", b"-1", b"123456.789", b"2.5", b"x\\0101"], b"\\", 0, &[]),
(b"|", &[b"-2.5", b"0x1f", b"'A", b""], b"|", 0, &[]),
(b"%12xx y", &[b""], b"           0x y", 0, &[]),
(b"%-.0X", &[], b"", 0, &[]),
(b"\\q", &[b"1e10", b"-2.5", b"", b"9999999999999999999", b"nan"], b"\\q", 0, &[]),
(b"%- .1c%0#.3E% u\\x41", &[b"1.5", b"123456.789"], b"11.235E+050A", 0, &[]),
(b"% *G|%x", &[b"#x"], b" 0|0", 1, &[b"printf: #x: invalid number"]),
(b"a%+12.3F", &[], b"a      +0.000", 0, &[]),
(b"|x y%0.1e", &[b"3.14159", b"-0", b"'A"], b"|x y3.1e+00|x y-0.0e+00|x y6.5e+01", 0, &[]),
(b"%.3G-", &[], b"0-", 0, &[]),
(b"%5X%-+*i", &[b"0x1.8p3", b"0.000123"], b"    1+0", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 0.000123: invalid number"]),
(b"% 0%-", &[b"3.14159", b"nan", b"3.14159"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"|%12s%12.3A", &[b"'A", b"-0", b"0.000123", b"0x1.8p3"], b"|          'A -0X0.000P+0|    0.000123  0XC.000P+0", 0, &[]),
(b"%+ 1.10%%*.3E|", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"x y", &[b"1e300", b"2.5", b"12abc", b"0x1.8p3"], b"x y", 0, &[]),
(b"x y--%+F", &[], b"x y--+0.000000", 0, &[]),
(b"%+*i% +.10E%-#a%5g", &[b"0x1f"], b"                             +0+0.0000000000E+000x0.p+0    0", 0, &[]),
(b"\\q%0.10b%+ g", &[], b"\\q+0", 0, &[]),
(b"%0+.10c%1.3x%1%% X", &[b"-0", b"0x1f", b"1", b"42"], b"-01f", 1, &[b"printf: `%': invalid format character"]),
(b"%+#.*u", &[b"42", b"#x", b"-0"], b"000000000000000000000000000000000000000000", 1, &[b"printf: #x: invalid number"]),
(b"%-+*s%+5E%xa", &[b"42", b"#x", b"abc"], b"#x                                        +0.000000E+000a", 1, &[b"printf: abc: invalid number"]),
(b"%0.10e%12i%12A", &[b"9999999999999999999"], b"1.0000000000e+19           0      0X0P+0", 0, &[]),
(b"%#+12E\\\\", &[b"\\n", b"'A"], b"+0.000000E+00\\+6.500000E+01\\", 1, &[b"printf: \\n: invalid number"]),
(b"a%u%+ *.*b", &[b"'A", b"010"], b"a65        ", 0, &[]),
(b"|%5.1g", &[b"1e-10", b"1", b"0.000123", b"0x1f"], b"|1e-10|    1|0.0001|3e+01", 0, &[]),
(b"\\x41%.10s", &[b"abc", b"'A", b"a b", b"1e-10"], b"AabcA'AAa bA1e-10", 0, &[]),
(b"%-1e%F|", &[], b"0.000000e+000.000000|", 0, &[]),
(b"%.3%", &[b"1e300", b"-0", b"abc", b"\xc3\xa9"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%#5.0E\\t%01.10d", &[], b"0.E+00\x090000000000", 0, &[]),
(b"%#5G%0x% -5u%.0F", &[], b"0.0000000    0", 0, &[]),
(b"%-%%0.10a%#+s%#5G", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%1.3E", &[], b"0.000E+00", 0, &[]),
(b"%a%0-*.1g%#.0c", &[b"9999999999999999999", b"0x1f", b"2.5"], b"0x8.ac7230489e7ffffp+602                              \x00", 0, &[]),
(b"%#05.x%.1q%5i%0 .q", &[b"-0"], b"     '    0", 0, &[]),
(b"%-b", &[b"1", b"\\t\\c", b"1e10", b"0.5", b"2.5"], b"1\x09", 0, &[]),
(b"x y%-+1u%+5.0o%0#5.0o", &[b"nan", b"42", b"1", b"\xc3\xa9"], b"x y0   52   01x y0         0", 1, &[b"printf: nan: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%#.0i%#12x%1.3g", &[b""], b"           00", 0, &[]),
(b"x ya% x", &[b"\\n", b"-1", b"\\n", b"#x", b"1"], b"x ya0x yaffffffffffffffffx ya0x ya0x ya1", 1, &[b"printf: \\n: invalid number", b"printf: \\n: invalid number", b"printf: #x: invalid number"]),
(b"\\x41%012.0s", &[b"1e10", b"0x1f", b"0x1.8p3", b"0.000123"], b"A            A            A            A            ", 0, &[]),
(b"%-x%*e%01.0q%-u", &[b"#x", b"nan"], b"00.000000e+00 0", 1, &[b"printf: #x: invalid number", b"printf: nan: invalid number"]),
(b"\\n", &[b"\\n", b"1", b"1e300"], b"\x0a", 0, &[]),
(b"%#0ba", &[b"-2.5", b"inf", b"-1"], b"-2.5ainfa-1a", 0, &[]),
(b"a%1G%# X%05e", &[b"1.5", b"2.5"], b"a1.50X20.000000e+00", 1, &[b"printf: 2.5: invalid number"]),
(b"%# x%*.0q%- 5.3e", &[b"1e10", b"1.5", b""], b"0x1  0.000e+00", 1, &[b"printf: 1e10: invalid number", b"printf: 1.5: invalid number"]),
(b"%# 1u%0#5.10u|", &[b"'A", b"9999999999999999999"], b"659999999999999999999|", 0, &[]),
(b"\\101\\na", &[b"~a", b"-1", b"'A", b"3.14159", b"2.5"], b"A\x0aa", 0, &[]),
(b"%1.0x%-#.0sa\\n", &[], b" a\x0a", 0, &[]),
(b"%- 1G\\\\", &[b"\\t\\c", b"#x", b"-0"], b" 0\\ 0\\-0\\", 1, &[b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
(b"x y", &[b"\\t\\c", b"1e-10", b"'A", b"1"], b"x y", 0, &[]),
(b"%*.3%", &[b"  7", b"3.14159", b"-1"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%# .1a%- 5.0s", &[b"42"], b" 0xa.8p+2     ", 0, &[]),
(b"%1i%#e%-#.1b% #c", &[b"\\t\\c", b"0.000123"], b"01.230000e-04\x00", 1, &[b"printf: \\t\\c: invalid number"]),
(b"%+#X% -*.3u%1i\\\\", &[b"123456.789", b"1e-10", b"12abc", b"\xc3\xa9"], b"0X1E2400120\\", 1, &[b"printf: 123456.789: invalid number", b"printf: 1e-10: invalid number", b"printf: 12abc: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%+#.10f-a", &[b"  7", b"0x1f"], b"+7.0000000000-a+31.0000000000-a", 0, &[]),
(b"\\n-", &[b"~a", b"1e300", b"0.5"], b"\x0a-", 0, &[]),
(b"%-01.0q% -12.0G%-05.0Ea", &[b"2.5"], b"  0          0E+00a", 0, &[]),
(b"%0+*.1b", &[b"010", b"-1", b"\\n"], b"       -", 1, &[b"printf: \\n: invalid number"]),
(b"% 1.*Ax y|\\x41", &[b"1e300", b"9999999999999999999", b"0.000123", b"#x", b"\\t\\c"], b" 0X8.BP+60x y|A 0X0P+0x y|A 0X0P+0x y|A", 1, &[b"printf: 1e300: invalid number", b"printf: 0.000123: invalid number", b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
(b"\\101%0+1.3X\\\\\\n", &[b"1e300"], b"A001\\\x0a", 1, &[b"printf: 1e300: invalid number"]),
(b"\\n", &[b"42", b"0x1f", b"3.14159"], b"\x0a", 0, &[]),
(b"%#-1e", &[b"~a", b"1e10"], b"0.000000e+001.000000e+10", 1, &[b"printf: ~a: invalid number"]),
(b"%#5c%#A%1.1a", &[], b"    \x000X0.P+00x0.0p+0", 0, &[]),
(b"%1s%5F|", &[b"\\t\\c", b"\xc3\xa9", b"0x1.8p3", b"0.000123", b"-1"], b"\\t\\c0.000000|0x1.8p30.000123|-10.000000|", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"|", &[b"'A"], b"|", 0, &[]),
(b"% #.3ga%#+1.1e%0f", &[b"\\n", b"0.5", b"\\t\\c", b"#x"], b" 0.00a+5.0e-010.000000 0.00a+0.0e+000.000000", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
(b"%.*a%-#u%-0*Ga", &[b"9999999999999999999"], b"0x0p+000a", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
(b"%.1%% -.10A%+5o%# 1F", &[b"-0"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"\\101%u%5.u%u", &[], b"A0     0", 0, &[]),
(b"%-*Ex y%*%", &[b"12abc", b"2.5", b"3.14159", b"42", b"0"], b"2.500000E+00x y", 1, &[b"printf: 12abc: invalid number", b"printf: 3.14159: invalid number", b"printf: `%': invalid format character"]),
(b"aa% 01E", &[b"1e-10", b"  7"], b"aa 1.000000E-10aa 7.000000E+00", 0, &[]),
(b"%#-x", &[b"1e10", b"a b"], b"0x10", 1, &[b"printf: 1e10: invalid number", b"printf: a b: invalid number"]),
(b"%5d\\x41%12.10c", &[], b"    0A           \x00", 0, &[]),
(b"\\x41", &[b"abc", b"1e10", b"~a"], b"A", 0, &[]),
(b"\\x41%0-5f", &[b"", b"3.14159", b"\xc3\xa9", b"a b", b"a b"], b"A0.000000A3.141590A0.000000A0.000000A0.000000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: a b: invalid number", b"printf: a b: invalid number"]),
(b"a%0*.10f", &[b"-0", b"0.000123", b"3.14159"], b"a0.0001230000a0.0000000000", 1, &[b"printf: 3.14159: invalid number"]),
(b"\\x41%-1.0q%#1.0%\\x41", &[b"\\t\\c", b"0x1.8p3", b"0.5", b"x\\0101", b"12abc"], b"A ", 1, &[b"printf: `%': invalid format character"]),
(b"\\101%.0f% #12e\\101", &[b"9999999999999999999", b"0x1.8p3", b"1.5", b"nan"], b"A9999999999999999999 1.200000e+01AA2         nanA", 0, &[]),
(b"\\101%#.*s", &[b"12abc", b"\\n", b"-1", b"-2.5", b"'A"], b"A\\nA-2.5A", 1, &[b"printf: 12abc: invalid number"]),
(b"x y-%+#5.3a", &[b"1e10", b"\\n", b"9999999999999999999", b"\xc3\xa9"], b"x y-+0x9.503p+30x y-+0x0.000p+0x y-+0x8.ac7p+60x y-+0x0.000p+0", 1, &[b"printf: \\n: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%#.0%", &[b"-2.5", b"123456.789", b"\\t\\c", b"0x1f"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%-.3e\\n", &[b"-1", b"nan"], b"-1.000e+00\x0anan\x0a", 0, &[]),
(b"%+xx y%0 *.1X", &[b"010", b"3.14159", b"0x1f", b"\\n"], b"8x y 1F0x y0", 1, &[b"printf: 3.14159: invalid number", b"printf: \\n: invalid number"]),
(b"\\x41", &[b"1", b"0", b"x\\0101", b"0x1f", b"42"], b"A", 0, &[]),
(b"%1q% +.3E% +.10f%.*d", &[], b"''+0.000E+00+0.0000000000", 0, &[]),
(b"\\q%.0a", &[b"nan", b"'A"], b"\\qnan\\q0x8p+3", 0, &[]),
(b"%A%#.0F%#G", &[b"\\n"], b"0X0P+00.0.00000", 1, &[b"printf: \\n: invalid number"]),
(b"a", &[b"'A", b"#x", b"1.5"], b"a", 0, &[]),
(b"\\n", &[b"0x1.8p3", b"\xc3\xa9", b"\xc3\xa9", b"\xc3\xa9", b"a b"], b"\x0a", 0, &[]),
(b"%#01.*X%0*.3i%5s%+0g", &[b"~a", b"12abc", b"\\n", b"1e300"], b"0XC001     +0", 1, &[b"printf: ~a: invalid number", b"printf: 12abc: invalid number", b"printf: \\n: invalid number", b"printf: 1e300: invalid number"]),
(b"|%1.1e", &[], b"|0.0e+00", 0, &[]),
(b"%5f%5X%s", &[b"3.14159"], b"3.141590    0", 0, &[]),
(b"\\n%x%%%12.10s", &[b"", b"1e-10", b"1e10"], b"\x0a0%       1e-10\x0a1%            ", 1, &[b"printf: 1e10: invalid number"]),
(b"%+*.10Xa%#+.1G|", &[b"1e300", b"9999999999999999999", b"'A", b"1e-10"], b"8AC7230489E7FFFFa+6.E+01|0000000000a+0.|", 1, &[b"printf: 1e300: invalid number", b"printf: 1e-10: invalid number"]),
(b"\\q|", &[b"  7", b"'A", b"1.5"], b"\\q|", 0, &[]),
(b"%+.*F%-.3E%X%G", &[b"\xc3\xa9", b"1", b"\xc3\xa9", b"\\n"], b"+10.000E+0000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: \\n: invalid number"]),
(b"%.*e%-c", &[b"0x1f", b"~a", b"abc", b"abc", b"nan"], b"0.0000000000000000000000000000000e+00anan\x00", 1, &[b"printf: ~a: invalid number", b"printf: abc: invalid number"]),
(b"%-0.3G\\\\%+5g%#%", &[b"inf", b"'A", b"9999999999999999999", b"1e10"], b"INF\\  +65", 1, &[b"printf: `%': invalid format character"]),
(b"% -c", &[b"-2.5", b"x\\0101", b"1e-10", b"-1"], b"-x1-", 0, &[]),
(b"% #.3c%.1e", &[b"0.000123", b"a b", b"0", b"0.5"], b"00.0e+0005.0e-01", 1, &[b"printf: a b: invalid number"]),
(b"% .*E%+.X%-12E%*.3i", &[b"1e10", b"1.5", b"x\\0101"], b" 1.5E+000.000000E+00000", 1, &[b"printf: 1e10: invalid number", b"printf: x\\0101: invalid number"]),
(b"\\\\%-5s", &[b"abc", b"0.000123", b"3.14159", b"inf", b"abc"], b"\\abc  \\0.000123\\3.14159\\inf  \\abc  ", 0, &[]),
(b"% +1.f%-d", &[], b"+00", 0, &[]),
(b"%#5.1c%+.0i%*.*Ex y", &[b"\\n", b"", b"-0", b"0x1f", b"'A"], b"    \\+6.5000000000000000000000000000000E+01x y", 0, &[]),
(b"a%o", &[b"\xc3\xa9", b"'A", b"3.14159"], b"a0a101a3", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 3.14159: invalid number"]),
(b"% 12A", &[b"3.14159", b"010", b"x\\0101", b"0.000123"], b" 0XC.90FCF80DC33721DP-2      0XAP+0      0X0P+0 0X8.0F98FA376922D95P-16", 1, &[b"printf: x\\0101: invalid number"]),
(b"%1.1A%+01.10Fa\\\\", &[], b"0X0.0P+0+0.0000000000a\\", 0, &[]),
(b"%#+.0s%0*%", &[b"1e-10", b"  7", b""], b"", 1, &[b"printf: `%': invalid format character"]),
(b"% +5.1E\\\\%05.10q%+-.1E", &[b"123456.789", b"1e-10"], b"+1.2E+05\\1e-10+0.0E+00", 0, &[]),
(b"\\x41", &[b"-1", b"42"], b"A", 0, &[]),
(b"%0+.*d-%#+A%0#*.3d", &[b"-0", b"1e300"], b"+1-+0X0.P+0000", 1, &[b"printf: 1e300: invalid number"]),
(b"%-u\\x41%-a%+-i", &[b"'A", b"  7", b"#x", b"1.5"], b"65A0xep-1+01A0x0p+0+0", 1, &[b"printf: #x: invalid number", b"printf: 1.5: invalid number"]),
(b"%.*%% +.*c% F", &[b"~a", b"3.14159"], b"", 1, &[b"printf: ~a: invalid number", b"printf: `%': invalid format character"]),
(b"% E", &[b"2.5", b"inf", b"abc", b"12abc"], b" 2.500000E+00 INF 0.000000E+00 1.200000E+01", 1, &[b"printf: abc: invalid number", b"printf: 12abc: invalid number"]),
(b"%1a\\nx y", &[b"\\n", b"", b"9999999999999999999", b"\\t\\c"], b"0x0p+0\x0ax y0x0p+0\x0ax y0x8.ac7230489e7ffffp+60\x0ax y0x0p+0\x0ax y", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number"]),
(b"|x y\\q", &[b"x\\0101", b"42"], b"|x y\\q", 0, &[]),
(b"|%-.1F", &[], b"|0.0", 0, &[]),
(b"%5.*f-%0i", &[b"1e-10"], b"  0.0-0", 1, &[b"printf: 1e-10: invalid number"]),
(b"%+12.*%x y%aa", &[b"-2.5", b"0x1.8p3", b"'A"], b"", 1, &[b"printf: -2.5: invalid number", b"printf: `%': invalid format character"]),
(b"%#.x%#.3q%*.1e", &[], b"''0.0e+00", 0, &[]),
(b"%0 .0g|%12o%012b", &[b"0x1f", b"abc", b"0"], b" 3e+01|           0           0", 1, &[b"printf: abc: invalid number"]),
(b"%+0.0c%a", &[b"\xc3\xa9", b"  7", b"\xc3\xa9"], b"\xc30xep-1\xc30x0p+0", 0, &[]),
(b"\\t%12x%.*i%.*%", &[b"123456.789", b"abc", b"3.14159"], b"\x09       1e2403", 1, &[b"printf: 123456.789: invalid number", b"printf: abc: invalid number", b"printf: 3.14159: invalid number", b"printf: `%': invalid format character"]),
(b"%1o%.3g% +Aa", &[b"~a", b"123456.789", b"  7"], b"01.23e+05+0XEP-1a", 1, &[b"printf: ~a: invalid number"]),
(b"%-+5.*X", &[b"  7", b"1", b"2.5"], b"000000100   ", 1, &[b"printf: 2.5: invalid number"]),
(b"%1.g|\\t", &[b"0x1.8p3", b"0x1.8p3"], b"1e+01|\x091e+01|\x09", 0, &[]),
(b"%1E|", &[b"#x"], b"0.000000E+00|", 1, &[b"printf: #x: invalid number"]),
(b"|", &[b"a b", b"12abc", b"-0", b"0.5"], b"|", 0, &[]),
(b"% x", &[b"1e10", b"1.5"], b"11", 1, &[b"printf: 1e10: invalid number", b"printf: 1.5: invalid number"]),
(b"%1.3s", &[b"0", b"9999999999999999999", b"1e300", b"1e300", b"a b"], b"09991e31e3a b", 0, &[]),
(b"\\\\%E", &[b"\xc3\xa9"], b"\\0.000000E+00", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%+1o%*.3c", &[b"-1", b"'A"], b"1777777777777777777777                                                                \x00", 0, &[]),
(b"a%+1Ex y", &[b"1.5"], b"a+1.500000E+00x y", 0, &[]),
(b"%+E%+d%s", &[b"1e10", b"", b"0.000123"], b"+1.000000E+10+00.000123", 0, &[]),
(b"|", &[b"\xc3\xa9"], b"|", 0, &[]),
(b"%01.10c% 0g", &[b"0", b"1e10"], b"0 1e+10", 0, &[]),
(b"%-s\\x41%#0b\\\\", &[], b"A\\", 0, &[]),
(b"\\101\\n%#x|", &[b"-0", b"0x1f", b"#x", b"\xc3\xa9", b"1"], b"A\x0a0|A\x0a0x1f|A\x0a0|A\x0a0|A\x0a0x1|", 1, &[b"printf: #x: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%1.*s%-#12.q", &[b"x\\0101", b"1", b"nan"], b"             ", 1, &[b"printf: x\\0101: invalid number"]),
(b"\\101", &[b"1", b"1e-10", b"42", b"'A"], b"A", 0, &[]),
(b"%*xx y%-#5a", &[b"2.5", b"9999999999999999999", b"0x1.8p3", b"3.14159"], b"8ac7230489e7ffffx y0xc.p+0  0x y0x0.p+0", 1, &[b"printf: 2.5: invalid number", b"printf: 3.14159: invalid number"]),
(b"a%G", &[b"  7", b"abc", b"0x1f"], b"a7a0a31", 1, &[b"printf: abc: invalid number"]),
(b"%12G%#*.10A", &[b"1e-10"], b"       1E-100X0.0000000000P+0", 0, &[]),
(b"\\q\\\\%*.0cx y", &[b""], b"\\q\\\x00x y", 0, &[]),
(b"%0 *F\\\\x y", &[b"-2.5", b"nan"], b" NAN\\x y", 1, &[b"printf: -2.5: invalid number"]),
(b"%-*gx y-x y", &[b"abc", b"0x1.8p3", b"abc", b"42"], b"12x y-x y42x y-x y", 1, &[b"printf: abc: invalid number", b"printf: abc: invalid number"]),
(b"% 1.0d%#.3G", &[b"2.5", b"-0", b"1e10"], b" 2-0.00 10.00", 1, &[b"printf: 2.5: invalid number", b"printf: 1e10: invalid number"]),
(b"x y", &[b"0", b"#x"], b"x y", 0, &[]),
(b"|\\t", &[b"0.000123", b""], b"|\x09", 0, &[]),
(b"%c%#5.g", &[], b"\x00   0.", 0, &[]),
(b"%# 5.1s% 1.1q%x%a", &[], b"     '00x0p+0", 0, &[]),
(b"%+01u--%-*.3c", &[b"1e-10", b"#x", b"1e300"], b"1--1", 1, &[b"printf: 1e-10: invalid number", b"printf: #x: invalid number"]),
(b"% .*i|%12.0A%*.*a", &[], b" |      0X0P+00x0p+0", 0, &[]),
(b"x y", &[b"\\n", b"2.5", b"1e-10", b"9999999999999999999", b"1e-10"], b"x y", 0, &[]),
(b"%e%*s", &[b"\xc3\xa9", b"0", b"x\\0101", b"inf", b"\\n"], b"0.000000e+00x\\0101inf", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \\n: invalid number"]),
(b"%u%5c% 0o", &[b"0.000123", b"\\t\\c", b"~a", b"a b", b"x\\0101"], b"0    \\00    x0", 1, &[b"printf: 0.000123: invalid number", b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
(b"%-0E-|%*o", &[b"-0"], b"-0.000000E+00-|0", 0, &[]),
(b"%+12q%05.3x|%+12X", &[b"\\t\\c", b"-2.5", b"0.000123"], b"      \\\\t\\\\cfffffffffffffffe|           0", 1, &[b"printf: -2.5: invalid number", b"printf: 0.000123: invalid number"]),
(b"\\\\%5a% 1e", &[b"'A", b"0"], b"\\0x8.2p+3 0.000000e+00", 0, &[]),
(b"%-#1x", &[b"0x1f"], b"0x1f", 0, &[]),
(b"%12.10b", &[b"9999999999999999999", b"1e-10"], b"  9999999999       1e-10", 0, &[]),
(b"\\x41", &[b"", b"  7", b"2.5"], b"A", 0, &[]),
(b"%*.d", &[b"  7", b"0x1f"], b"     31", 0, &[]),
(b"%12.*F", &[b"0x1.8p3", b"123456.789", b"-2.5"], b"    123456.8    0.000000", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: -2.5: invalid number"]),
(b"a%*.1%", &[], b"a", 1, &[b"printf: `%': invalid format character"]),
(b"\\t-", &[b"a b", b"-2.5", b"1e10", b"a b"], b"\x09-", 0, &[]),
(b"% -e%A", &[], b" 0.000000e+000X0P+0", 0, &[]),
(b"|%0s%12.*a% +.*e", &[b"-1", b"\\t\\c", b"-0", b"2.5"], b"|-1     -0x0p+0+0.00e+00", 1, &[b"printf: \\t\\c: invalid number", b"printf: 2.5: invalid number"]),
(b"%.1%", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%5f", &[b"abc", b"9999999999999999999"], b"0.0000009999999999999999999.000000", 1, &[b"printf: abc: invalid number"]),
(b"%5A", &[b"x\\0101"], b"0X0P+0", 1, &[b"printf: x\\0101: invalid number"]),
(b"%-#5.10b%.*b", &[b"010"], b"010  ", 0, &[]),
(b"% 0b% -a-a", &[b"1e300", b"\\t\\c", b"42", b"0x1.8p3", b"-2.5"], b"1e300 0x0p+0-a42 0xcp+0-a-2.5 0x0p+0-a", 1, &[b"printf: \\t\\c: invalid number"]),
(b"\\101", &[b"123456.789", b"0.000123", b"nan"], b"A", 0, &[]),
(b"%a%-+5X", &[], b"0x0p+00    ", 0, &[]),
(b"% 0*G%-*.*G", &[], b" 00", 0, &[]),
(b"%#.3x\\q% #c%0.*E", &[b"0.5", b"", b"-0", b"a b", b""], b"000\\q\x000E+00000\\q\x000E+00", 1, &[b"printf: 0.5: invalid number", b"printf: a b: invalid number"]),
(b"% .*X% %", &[b"1.5", b"  7", b"nan"], b"7", 1, &[b"printf: 1.5: invalid number", b"printf: `%': invalid format character"]),
(b"|", &[b"1.5"], b"|", 0, &[]),
(b"%-+b%# G%#5E", &[b"1"], b"1 0.000000.000000E+00", 0, &[]),
(b"%.10q|", &[b"a b", b"0.000123", b"a b"], b"a\\ b|0.000123|a\\ b|", 0, &[]),
(b"|%012b%#.10q%+X", &[b"-0", b"1e300", b"1.5", b"1.5"], b"|          -01e3001|         1.5''0", 1, &[b"printf: 1.5: invalid number"]),
(b"%12o%-.*ux yx y", &[b"0.5"], b"           0x yx y", 1, &[b"printf: 0.5: invalid number"]),
(b"%i%-05.o", &[], b"0     ", 0, &[]),
(b"x y", &[], b"x y", 0, &[]),
(b"\\t%-#Ea", &[], b"\x090.000000E+00a", 0, &[]),
(b"%- 1.10i%0.0o%-5a", &[b"  7", b"2.5", b"abc"], b" 000000000720x0p+0", 1, &[b"printf: 2.5: invalid number", b"printf: abc: invalid number"]),
(b"\\\\%-+.0X|", &[b"", b"  7", b"-1", b"inf", b""], b"\\|\\7|\\FFFFFFFFFFFFFFFF|\\|\\|", 1, &[b"printf: inf: invalid number"]),
(b"a%0 *.x|x y", &[b"-2.5", b"inf", b"0.5", b"0.5", b"1"], b"a  |x ya|x ya |x y", 1, &[b"printf: -2.5: invalid number", b"printf: inf: invalid number", b"printf: 0.5: invalid number", b"printf: 0.5: invalid number"]),
(b"%*.10a\\t", &[b"\xc3\xa9", b"\xc3\xa9", b"  7", b"1", b"42"], b"0x0.0000000000p+0\x090x8.0000000000p-3\x09                         0x0.0000000000p+0\x09", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%+-.b%.1Fx y%1i", &[b"0x1.8p3", b"#x", b"'A"], b"0.0x y65", 1, &[b"printf: #x: invalid number"]),
(b"a", &[b"1.5", b"3.14159"], b"a", 0, &[]),
(b"%12.3x%-1.1a", &[b"0.5"], b"         0000x0.0p+0", 1, &[b"printf: 0.5: invalid number"]),
(b"%-.1c", &[b"a b"], b"a", 0, &[]),
(b"%#F%12o%-05o", &[], b"0.000000           00    ", 0, &[]),
(b"|", &[b"", b"123456.789", b"~a"], b"|", 0, &[]),
(b"%*.10E%+.*E", &[b"0.000123", b"abc", b"#x"], b"0.0000000000E+00+0E+00", 1, &[b"printf: 0.000123: invalid number", b"printf: abc: invalid number", b"printf: #x: invalid number"]),
(b"%#+1.3f%#12o%+0*d%#+.0%", &[b"\\n", b"'A", b"0.5", b"\\n"], b"+0.000        0101+0", 1, &[b"printf: \\n: invalid number", b"printf: 0.5: invalid number", b"printf: \\n: invalid number", b"printf: `%': invalid format character"]),
(b"\\\\%0*.10%", &[b"#x"], b"\\", 1, &[b"printf: #x: invalid number", b"printf: `%': invalid format character"]),
(b"%*o% *.G", &[b"\\t\\c"], b"0 0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"%+-*F|%*e", &[b"1.5", b"0x1.8p3", b"1e-10", b"1e300", b"1.5"], b"+12.000000|1.000000e+300+0.000000|0.000000e+00", 1, &[b"printf: 1.5: invalid number", b"printf: 1e-10: invalid number", b"printf: 1.5: invalid number"]),
(b"\\101", &[b"123456.789", b"1.5"], b"A", 0, &[]),
(b"%.10b%F|% -.3G", &[b"2.5"], b"2.50.000000| 0", 0, &[]),
(b"|%#.0c%.E", &[b"010", b"a b", b"0x1f"], b"|00E+00|00E+00", 1, &[b"printf: a b: invalid number"]),
(b"a\\\\% 12F", &[b"3.14159", b"a b", b"1.5", b"\\t\\c"], b"a\\    3.141590a\\    0.000000a\\    1.500000a\\    0.000000", 1, &[b"printf: a b: invalid number", b"printf: \\t\\c: invalid number"]),
(b"|%.3x%12.*A|", &[b"\\n"], b"|000      0X0P+0|", 1, &[b"printf: \\n: invalid number"]),
(b"%5u%5.1o%i", &[b"a b", b"42"], b"    0   520", 1, &[b"printf: a b: invalid number"]),
(b"a%+1.*a", &[b"42"], b"a+0x0.000000000000000000000000000000000000000000p+0", 0, &[]),
(b"%0o%#0.3a%.10xx y", &[b"0x1f", b"3.14159", b"\\t\\c", b"1.5"], b"370xc.910p-20000000000x y10x0.000p+00000000000x y", 1, &[b"printf: \\t\\c: invalid number", b"printf: 1.5: invalid number"]),
(b"%12.x%*.3Ea%i", &[b"0"], b"            0.000E+00a0", 0, &[]),
(b"%.3e\\x41", &[b"\xc3\xa9"], b"0.000e+00A", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%-.1b%+5u", &[], b"    0", 0, &[]),
(b"\\x41%+-s", &[b"42", b"", b"abc", b"2.5"], b"A42AAabcA2.5", 0, &[]),
(b"%5o", &[b"#x", b"9999999999999999999", b"'A", b"12abc", b"2.5"], b"    01053071060221171777777  101   14    2", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number", b"printf: 2.5: invalid number"]),
(b"%0-*i%- .3g\\q", &[b"010", b"\xc3\xa9", b"1e-10"], b"0        1e-10\\q", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%#.10f%#0*g", &[b"3.14159", b"12abc"], b"3.1415900000000000.00000", 1, &[b"printf: 12abc: invalid number"]),
(b"%+%% +ua", &[b"2.5"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"% .3d", &[b"1e-10", b"'A"], b" 001 065", 1, &[b"printf: 1e-10: invalid number"]),
(b"|%0#s", &[b"inf", b"abc", b"1.5"], b"|inf|abc|1.5", 0, &[]),
(b"\\q%0.3E", &[b"'A", b"42", b"nan", b"inf", b"1e-10"], b"\\q6.500E+01\\q4.200E+01\\qNAN\\qINF\\q1.000E-10", 0, &[]),
(b"%.3a\\t\\\\%d", &[], b"0x0.000p+0\x09\\0", 0, &[]),
(b"%+.10G%0*E\\n%.0q", &[], b"+00.000000E+00\x0a", 0, &[]),
(b"%x%12.10G", &[b"0.5", b"a b"], b"0           0", 1, &[b"printf: 0.5: invalid number", b"printf: a b: invalid number"]),
(b"% f", &[b"9999999999999999999", b"  7", b"abc"], b" 9999999999999999999.000000 7.000000 0.000000", 1, &[b"printf: abc: invalid number"]),
(b"|", &[b"0", b"0.000123", b"42", b"3.14159", b"  7"], b"|", 0, &[]),
(b"%.d% +1%%12.10o\\\\", &[b"0.5"], b"", 1, &[b"printf: 0.5: invalid number", b"printf: `%': invalid format character"]),
(b"%.*E", &[], b"0E+00", 0, &[]),
(b"%5.1i%+#cx y%+5A", &[b"nan", b"~a", b"1e300", b"#x"], b"    0~x y+0XB.F21E44003ACDD2DP+993    0\x00x y+0X0P+0", 1, &[b"printf: nan: invalid number", b"printf: #x: invalid number"]),
(b"%+1d%%", &[b"-0", b"inf"], b"+0%+0%", 1, &[b"printf: inf: invalid number"]),
(b"%0.*E%+#12.10E%#-*cx y", &[b"~a", b"a b", b"0.000123"], b"0E+00+1.2300000000E-04\x00x y", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
(b"x y%*X", &[b"nan", b"2.5", b"\\t\\c"], b"x y2x y0", 1, &[b"printf: nan: invalid number", b"printf: 2.5: invalid number", b"printf: \\t\\c: invalid number"]),
(b"% .e%12.1a|", &[], b" 0e+00    0x0.0p+0|", 0, &[]),
(b"%1G|x y|", &[b"1e300", b"0", b"1e300"], b"1E+300|x y|0|x y|1E+300|x y|", 0, &[]),
(b"\\\\% .10s", &[b"-0", b"-2.5", b"  7"], b"\\-0\\-2.5\\  7", 0, &[]),
(b"%12X%0+*.1%", &[b"  7"], b"           7", 1, &[b"printf: `%': invalid format character"]),
(b"|%+0X", &[b"0", b"1e-10", b"'A"], b"|0|1|41", 1, &[b"printf: 1e-10: invalid number"]),
(b"a%+01.F", &[], b"a+0", 0, &[]),
(b"%*.3o\\x41% 0q", &[b"3.14159"], b"000A''", 1, &[b"printf: 3.14159: invalid number"]),
(b"%.0i%-5G%-+5.fa", &[b"1e-10", b"0.000123", b"1e-10", b"\xc3\xa9"], b"10.000123+0   a0    +0   a", 1, &[b"printf: 1e-10: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%.0o%*G", &[b"9999999999999999999", b"1.5", b"3.14159"], b"10530710602211717777773.14159", 1, &[b"printf: 1.5: invalid number"]),
(b"%1G%+ q", &[b"-2.5"], b"-2.5''", 0, &[]),
(b"%+ A\\q", &[b"-1", b"123456.789", b"\xc3\xa9", b"0x1.8p3", b"0.000123"], b"-0X8P-3\\q+0XF.12064FDF3B645A2P+13\\q+0X0P+0\\q+0XCP+0\\q+0X8.0F98FA376922D95P-16\\q", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%.*ax y", &[b"-0"], b"0x0p+0x y", 0, &[]),
(b"x y", &[b"0x1f", b"010", b"3.14159", b"2.5", b"1e-10"], b"x y", 0, &[]),
(b"\\x41%-1.3d", &[b"1e10", b"nan", b"0.000123", b"inf"], b"A001A000A000A000", 1, &[b"printf: 1e10: invalid number", b"printf: nan: invalid number", b"printf: 0.000123: invalid number", b"printf: inf: invalid number"]),
(b"%5X%c|", &[], b"    0\x00|", 0, &[]),
(b"%5a", &[b"abc", b"0x1f"], b"0x0p+00xf.8p+1", 1, &[b"printf: abc: invalid number"]),
(b"%012.3s% .3F%012%", &[], b"             0.000", 1, &[b"printf: `%': invalid format character"]),
(b"%#-q% +.E%+b", &[b"12abc", b"3.14159", b"1.5"], b"12abc+3E+001.5", 0, &[]),
(b"x y|%A%0.0a", &[b"010"], b"x y|0XAP+00x0p+0", 0, &[]),
(b"%012.*a%-0.1F", &[b"-1", b"#x", b"123456.789", b"0x1f", b"~a"], b"0x0000000p+0123456.80x0.0000000000000000000000000000000p+00.0", 1, &[b"printf: #x: invalid number", b"printf: ~a: invalid number"]),
(b"\\101", &[b"~a", b"nan", b"  7", b"nan", b"42"], b"A", 0, &[]),
(b"x y\\x41%+12.0i", &[b"3.14159", b"abc", b"1"], b"x yA          +3x yA           +x yA          +1", 1, &[b"printf: 3.14159: invalid number", b"printf: abc: invalid number"]),
(b"%0#12.o", &[b"1"], b"          01", 0, &[]),
(b"|", &[b"1e10", b"1"], b"|", 0, &[]),
(b"%-5.0e", &[b"\xc3\xa9"], b"0e+00", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"%5.*E", &[b"0x1f", b"0", b"12abc", b"1e10", b"010"], b"0.0000000000000000000000000000000E+001.000000000000E+100.00000000E+00", 1, &[b"printf: 12abc: invalid number"]),
(b"\\qx y", &[b"1e-10"], b"\\qx y", 0, &[]),
(b"%#.3Fa", &[b"1.5", b"a b", b"9999999999999999999", b"1.5"], b"1.500a0.000a9999999999999999999.000a1.500a", 1, &[b"printf: a b: invalid number"]),
(b"%x", &[b"0.000123", b"9999999999999999999", b"\xc3\xa9", b"\xc3\xa9"], b"08ac7230489e7ffff00", 1, &[b"printf: 0.000123: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%.10x", &[], b"0000000000", 0, &[]),
(b"a%*.*x%12.0E% i", &[], b"a       0E+00 0", 0, &[]),
(b"\\n", &[b"  7", b"", b"'A"], b"\x0a", 0, &[]),
(b"%*.10%%-05o", &[b"-0", b"-0", b"1e10", b"0x1f", b"1.5"], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%1u%#1E", &[b"123456.789", b"3.14159", b"inf", b"-0", b"1e10"], b"1234563.141590E+000-0.000000E+0010.000000E+00", 1, &[b"printf: 123456.789: invalid number", b"printf: inf: invalid number", b"printf: 1e10: invalid number"]),
(b"%12u\\\\", &[b"2.5"], b"           2\\", 1, &[b"printf: 2.5: invalid number"]),
(b"\\t|%#.c|", &[b"inf", b"x\\0101", b"42", b"\\t\\c", b"-0"], b"\x09|i|\x09|x|\x09|4|\x09|\\|\x09|-|", 0, &[]),
(b"%#X", &[b"inf", b"1e10", b"1", b"-0", b"1e-10"], b"00X10X100X1", 1, &[b"printf: inf: invalid number", b"printf: 1e10: invalid number", b"printf: 1e-10: invalid number"]),
(b"%-+.0i% +12A%+-5.0fa", &[b"1e300"], b"+1     +0X0P+0+0   a", 1, &[b"printf: 1e300: invalid number"]),
(b"%*b\\x41|%+05u", &[b"0x1f", b"1", b"123456.789", b"42"], b"                              1A|123456                                          A|00000", 1, &[b"printf: 123456.789: invalid number"]),
(b"% xa|", &[b"2.5", b"42", b"'A", b"42", b"010"], b"2a|2aa|41a|2aa|8a|", 1, &[b"printf: 2.5: invalid number"]),
(b"%0-*.3%", &[b"x\\0101", b"0"], b"", 1, &[b"printf: x\\0101: invalid number", b"printf: `%': invalid format character"]),
(b"a%+1q%-12.*x", &[b"nan", b"0x1.8p3"], b"anan0           ", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
(b"\\101%0#*.b|", &[b"1e300", b"-2.5", b"x\\0101"], b"A |A|", 1, &[b"printf: 1e300: invalid number", b"printf: x\\0101: invalid number"]),
(b"%#*G%+-12F%a%# .f", &[b"9999999999999999999"], b"0.00000+0.000000   0x0p+0 0.", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
(b"a", &[b"2.5"], b"a", 0, &[]),
(b"% #.E%5.3i%#5.0q", &[b"#x", b"\\t\\c", b"1e300", b"-0", b""], b" 0.E+00  000     -0.E+00  000     ", 1, &[b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%-0g%.1b", &[b"1e300", b"#x", b"  7"], b"1e+300#7", 0, &[]),
(b"\\t%aa", &[b"2.5", b"x\\0101", b"9999999999999999999", b"~a"], b"\x090xap-2a\x090x0p+0a\x090x8.ac7230489e7ffffp+60a\x090x0p+0a", 1, &[b"printf: x\\0101: invalid number", b"printf: ~a: invalid number"]),
(b"%#i|", &[b"'A", b"\xc3\xa9", b"123456.789", b"'A", b"-0"], b"65|0|123456|65|0|", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 123456.789: invalid number"]),
(b"%0.10ox y", &[b"0x1.8p3", b"0", b"010", b"0", b"3.14159"], b"0000000001x y0000000000x y0000000010x y0000000000x y0000000003x y", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 3.14159: invalid number"]),
(b"a%#1%%5E", &[b"1e10", b"#x", b"'A", b"123456.789", b""], b"a", 1, &[b"printf: `%': invalid format character"]),
(b"%1u", &[b"\\n"], b"0", 1, &[b"printf: \\n: invalid number"]),
(b"%+#.0qx y", &[b"'A"], b"x y", 0, &[]),
(b"% .*b\\\\%.10E", &[b""], b"\\0.0000000000E+00", 0, &[]),
(b"%# 12A%#+.10u", &[b"\\t\\c"], b"     0X0.P+00000000000", 1, &[b"printf: \\t\\c: invalid number"]),
(b"|%-*.X% #12%", &[b"#x", b"x\\0101", b"x\\0101", b"1e-10", b"abc"], b"|", 1, &[b"printf: #x: invalid number", b"printf: x\\0101: invalid number", b"printf: `%': invalid format character"]),
(b"%.Ax y", &[b"0x1f", b"2.5", b"\\n"], b"0X1P+5x y0XAP-2x y0X0P+0x y", 1, &[b"printf: \\n: invalid number"]),
(b"%5.10F%5.0u", &[b"-1", b"inf"], b"-1.0000000000     ", 1, &[b"printf: inf: invalid number"]),
(b"x y%0+1F\\\\", &[b"inf"], b"x y+INF\\", 0, &[]),
(b"x y%#-5.s%.3g%-1b", &[b"", b"abc", b"1", b"1e300"], b"x y     01x y     0 ", 1, &[b"printf: abc: invalid number"]),
(b"%0*x%0F%*ga", &[b"abc"], b"00.0000000a", 1, &[b"printf: abc: invalid number"]),
(b"%+1x%12i%*%", &[], b"0           0", 1, &[b"printf: `%': invalid format character"]),
(b"% *.1F%12q", &[], b" 0.0          ''", 0, &[]),
(b"% x%0.1x", &[b"1", b"x\\0101", b"1e-10", b"\\t\\c", b"\\n"], b"101000", 1, &[b"printf: x\\0101: invalid number", b"printf: 1e-10: invalid number", b"printf: \\t\\c: invalid number", b"printf: \\n: invalid number"]),
(b"% #12.F", &[b"9999999999999999999", b"3.14159", b"3.14159"], b" 9999999999999999999.          3.          3.", 0, &[]),
(b"x y|%0.c%.0c", &[b"0x1.8p3", b"1", b"inf", b"inf", b"3.14159"], b"x y|01x y|iix y|3\x00", 0, &[]),
(b"%*.1s%1.1d% 01.*G", &[b"nan"], b"0 0", 1, &[b"printf: nan: invalid number"]),
(b"|", &[], b"|", 0, &[]),
(b"%#-c% .10g", &[b"abc", b"\\t\\c"], b"a 0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"x y%0#Xx y", &[b"1.5"], b"x y0X1x y", 1, &[b"printf: 1.5: invalid number"]),
(b"%-f% 12.10q%0-i%#+*F", &[b"#x", b"123456.789", b"a b", b"\\t\\c", b"123456.789"], b"0.000000  123456.7890+123456.789000", 1, &[b"printf: #x: invalid number", b"printf: a b: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%#+5q", &[b"'A", b"1e10", b"\\t\\c"], b"  \\'A 1e10\\\\t\\\\c", 0, &[]),
(b"%+a%12.E", &[b"nan", b"9999999999999999999", b"0", b"-1"], b"+nan       1E+19+0x0p+0      -1E+00", 0, &[]),
(b"|%#1s%*i", &[], b"| 0", 0, &[]),
(b"% 5A", &[], b" 0X0P+0", 0, &[]),
(b"%*.10X", &[b"3.14159", b"0.000123", b"x\\0101", b"1e300", b"\\n"], b"000000000000000000010000000000", 1, &[b"printf: 3.14159: invalid number", b"printf: 0.000123: invalid number", b"printf: x\\0101: invalid number", b"printf: 1e300: invalid number", b"printf: \\n: invalid number"]),
(b"x y\\n%-+.*A", &[b"12abc", b"010"], b"x y\x0a+0XA.000000000000P+0", 1, &[b"printf: 12abc: invalid number"]),
(b"%*.3b%5o%u", &[b"12abc"], b"                00", 1, &[b"printf: 12abc: invalid number"]),
(b"\\n% -12b\\101%.3f", &[b"42", b"123456.789", b"1", b"a b"], b"\x0a42          A123456.789\x0a1           A0.000", 1, &[b"printf: a b: invalid number"]),
(b"%# e%#+12.3a|", &[b"0x1.8p3", b"1", b"010", b"9999999999999999999", b"-1"], b" 1.200000e+01 +0x8.000p-3| 1.000000e+01+0x8.ac7p+60|-1.000000e+00 +0x0.000p+0|", 0, &[]),
(b"%+-5b", &[], b"     ", 0, &[]),
(b"%5f\\x41x y", &[b"inf", b"1.5"], b"  infAx y1.500000Ax y", 0, &[]),
(b"%+*f%#1saa", &[b"0x1f", b"inf", b"abc"], b"                           +infabcaa", 0, &[]),
(b"%-.0e%.10b%#+o", &[], b"0e+000", 0, &[]),
(b"%5o%#.10u", &[b"\\n", b"0x1f", b"0.000123", b"abc"], b"    00000000031    00000000000", 1, &[b"printf: \\n: invalid number", b"printf: 0.000123: invalid number", b"printf: abc: invalid number"]),
(b"%.1c%12.3b%-*f", &[], b"\x00            0.000000", 0, &[]),
(b"\\101% 0i%#+A%12u", &[b"9999999999999999999", b"inf"], b"A 9223372036854775807+INF           0", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
(b"x y%5.0A", &[b"a b", b"3.14159", b"\xc3\xa9"], b"x y0X0P+0x y0XDP-2x y0X0P+0", 1, &[b"printf: a b: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%.3E%#b%+ .10d", &[b"'A", b"42"], b"6.500E+0142+0000000000", 0, &[]),
(b"%01.G%0+5E%+#12.10i", &[b"2.5"], b"2+0.000000E+00 +0000000000", 0, &[]),
(b"% .1e%.*X%0d\\101", &[], b" 0.0e+000A", 0, &[]),
(b"%u%0-1c", &[b"42", b"inf", b"0.000123", b"a b"], b"42i0a", 1, &[b"printf: 0.000123: invalid number"]),
(b"%0*X", &[b"\\t\\c", b""], b"0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"% +12E%1.X", &[b"\\t\\c", b"x\\0101"], b"+0.000000E+00 ", 1, &[b"printf: \\t\\c: invalid number", b"printf: x\\0101: invalid number"]),
(b"a%#5F\\qa", &[b"inf", b"0x1.8p3", b"-0", b"inf"], b"a  INF\\qaa12.000000\\qaa-0.000000\\qaa  INF\\qa", 0, &[]),
(b"% 5X%.1a||", &[b"~a"], b"    00x0.0p+0||", 1, &[b"printf: ~a: invalid number"]),
(b"%5b\\\\", &[b"1e300", b"0x1.8p3", b""], b"1e300\\0x1.8p3\\     \\", 0, &[]),
(b"a%G", &[b"2.5", b"", b"123456.789", b"#x", b"  7"], b"a2.5a0a123457a0a7", 1, &[b"printf: #x: invalid number"]),
(b"x y", &[b"1.5"], b"x y", 0, &[]),
(b"%0.0u% .e% -.%", &[b"1e10", b"0x1f", b"1", b"1e10", b"~a"], b"1 3e+01", 1, &[b"printf: 1e10: invalid number", b"printf: `%': invalid format character"]),
(b"%- f|", &[b"2.5"], b" 2.500000|", 0, &[]),
(b"%*.3o|\\n%5b", &[b"1e-10", b"1e300"], b"001|\x0a     ", 1, &[b"printf: 1e-10: invalid number", b"printf: 1e300: invalid number"]),
(b"\\\\\\q%0 *.3F", &[b"1", b"inf", b"3.14159"], b"\\\\q INF\\\\q 0.000", 1, &[b"printf: 3.14159: invalid number"]),
(b"%*.*s|%0.1u", &[b"\\t\\c"], b"|0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"%.1b%+01d\\q", &[b"-1", b"1.5"], b"-+1\\q", 1, &[b"printf: 1.5: invalid number"]),
(b"|", &[b"'A", b"\xc3\xa9"], b"|", 0, &[]),
(b"%.*c%5.10A", &[], b"\x000X0.0000000000P+0", 0, &[]),
(b"%.*d%# .0E", &[b"1e10", b"010", b"3.14159", b"-1", b"9999999999999999999"], b"8 3.E+009223372036854775807 0.E+00", 1, &[b"printf: 1e10: invalid number", b"printf: warning: 9999999999999999999: Numerical result out of range"]),
(b"%0-.1o", &[b"", b"\\n", b"nan", b"'A"], b"000101", 1, &[b"printf: \\n: invalid number", b"printf: nan: invalid number"]),
(b"%-.E\\n", &[b"9999999999999999999", b"abc"], b"1E+19\x0a0E+00\x0a", 1, &[b"printf: abc: invalid number"]),
(b"ax y", &[b"1e-10", b"0", b"010"], b"ax y", 0, &[]),
(b"%05.1G\\x41", &[b"0.5", b"1e-10", b"nan", b"0.5", b"2.5"], b"000.5A1E-10A  NANA000.5A00002A", 0, &[]),
(b"% 12s%0.*a%#-a%- *%", &[b"1e-10"], b"       1e-100x0p+00x0.p+0", 1, &[b"printf: `%': invalid format character"]),
(b"% -xx y\\q", &[], b"0x y\\q", 0, &[]),
(b"%f% .1F%#1.bx y", &[], b"0.000000 0.0 x y", 0, &[]),
(b"|aaa", &[b"1e-10", b"  7", b"  7", b"x\\0101"], b"|aaa", 0, &[]),
(b"%0*.10i\\x41x y\\\\", &[], b"0000000000Ax y\\", 0, &[]),
(b"% 01.0o%*fx y", &[b"12abc", b"0x1f", b"1e10", b"\xc3\xa9"], b"14             10000000000.000000x y 0.000000x y", 1, &[b"printf: 12abc: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"|", &[b"0.5", b"123456.789"], b"|", 0, &[]),
(b"\\101", &[b"0x1f", b"nan", b"abc", b"9999999999999999999"], b"A", 0, &[]),
(b"% #*.E", &[], b" 0.E+00", 0, &[]),
(b"%+12s\\x41%#1X%-%", &[b"~a", b"1e300", b"1", b"'A"], b"          ~aA0X1", 1, &[b"printf: 1e300: invalid number", b"printf: `%': invalid format character"]),
(b"%+ .3s", &[b"a b", b"a b", b"2.5"], b"a ba b2.5", 0, &[]),
(b"%bx y", &[b"nan", b"'A", b"42", b"1", b"1.5"], b"nanx y'Ax y42x y1x y1.5x y", 0, &[]),
(b"%E%5.10u% -E%b", &[b"12abc", b"1e-10", b"1"], b"1.200000E+010000000001 1.000000E+00", 1, &[b"printf: 12abc: invalid number", b"printf: 1e-10: invalid number"]),
(b"||% -g% #12f", &[], b"|| 0    0.000000", 0, &[]),
(b"%5.3fa", &[], b"0.000a", 0, &[]),
(b"%1b%0#5.3a", &[b"#x", b"\\t\\c", b"1e10"], b"#x0x0.000p+01e100x0.000p+0", 1, &[b"printf: \\t\\c: invalid number"]),
(b"%-#.10E%0 .1i%F% .0A", &[b"1e300", b"inf", b"12abc"], b"1.0000000000E+300 012.000000 0X0P+0", 1, &[b"printf: inf: invalid number", b"printf: 12abc: invalid number"]),
(b"\\x41", &[b"-0", b"1.5", b"0", b"9999999999999999999", b"  7"], b"A", 0, &[]),
(b"\\t%.*f% o%0*.10x", &[b"3.14159"], b"\x090.00000000000000", 1, &[b"printf: 3.14159: invalid number"]),
(b"|\\q%-*a%#G", &[b"1.5"], b"|\\q0x0p+00.00000", 1, &[b"printf: 1.5: invalid number"]),
(b"a%0-1.*G%.0b%#.10G", &[b"1e-10", b"a b"], b"a00.000000000", 1, &[b"printf: 1e-10: invalid number", b"printf: a b: invalid number"]),
(b"%-+5g", &[b"~a", b"42", b"-2.5"], b"+0   +42  -2.5 ", 1, &[b"printf: ~a: invalid number"]),
(b"%.10A%5o% .1f%.1i", &[b"12abc", b"0.5", b"1e300", b"-2.5"], b"0XC.0000000000P+0    0 1000000000000000000008997324079559193870523944273290747938260082321265646596180935755849152083750497190350372508614274835903592556184672983913096260520748646287327135641843653294084255107606016789726652932370030551382947620994540294772781889620606179267611627097410650567187386105690089424915104006144.0-2", 1, &[b"printf: 12abc: invalid number", b"printf: 0.5: invalid number", b"printf: -2.5: invalid number"]),
(b"%-.10s%.0%%1s%#.3g", &[], b"", 1, &[b"printf: `%': invalid format character"]),
(b"%01.*s%f%#.3o%+q", &[b"a b", b"0", b"\xc3\xa9", b"", b"3.14159"], b" 0.0000000003.14159", 1, &[b"printf: a b: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%-5.*q", &[b"1", b"1e300", b"0x1f"], b"1    ''   ", 0, &[]),
(b"%.1q% A%-+.*E\\x41", &[], b"' 0X0P+0+0E+00A", 0, &[]),
(b"%+g%0+.s%12.1E|", &[], b"+0     0.0E+00|", 0, &[]),
(b"|%0#12%\\t%-*.*s", &[b"1", b"0.000123"], b"|", 1, &[b"printf: `%': invalid format character"]),
(b"%12o%.1o%.*a", &[b"#x"], b"           000x0p+0", 1, &[b"printf: #x: invalid number"]),
(b"|%1%", &[b"#x", b"1.5"], b"|", 1, &[b"printf: `%': invalid format character"]),
(b"%0#.1i", &[], b"0", 0, &[]),
(b"%-+*.3q\\n", &[b"2.5"], b"''\x0a", 1, &[b"printf: 2.5: invalid number"]),
(b"a%+.1a%f", &[b"-0", b"\xc3\xa9", b"abc", b"1", b"a b"], b"a-0x0.0p+00.000000a+0x0.0p+01.000000a+0x0.0p+00.000000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: abc: invalid number", b"printf: a b: invalid number"]),
(b"|", &[b"\\t\\c"], b"|", 0, &[]),
(b"\\q%+#i%0.3a%1.G", &[b"0", b"1e300"], b"\\q+00xb.f22p+9930", 0, &[]),
(b"%#*d", &[b"-1", b"3.14159", b"a b", b"1", b"inf"], b"310", 1, &[b"printf: 3.14159: invalid number", b"printf: a b: invalid number", b"printf: inf: invalid number"]),
(b"%.1o%+12q", &[b"a b", b"~a", b"42", b"-1", b"abc"], b"0         \\~a52          -10          ''", 1, &[b"printf: a b: invalid number", b"printf: abc: invalid number"]),
(b"x yx y%0f", &[b"  7"], b"x yx y7.000000", 0, &[]),
(b"\\101%#0f%c|", &[b"'A", b"123456.789"], b"A65.0000001|", 0, &[]),
(b"%#.*i\\n%#1.o", &[], b"\x0a0", 0, &[]),
(b"%+.1g%12a%#1.0F%1b", &[b"-2.5", b"123456.789", b"a b", b"12abc", b"0.000123"], b"-20xf.12064fdf3b645a2p+130.12abc+0.0001      0x0p+00. ", 1, &[b"printf: a b: invalid number"]),
(b"%5u%#f\\\\", &[], b"    00.000000\\", 0, &[]),
(b"%5i", &[b"0x1.8p3", b"1e10", b"a b"], b"    1    1    0", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 1e10: invalid number", b"printf: a b: invalid number"]),
(b"|%*x%#+.3%", &[b"1e300", b"\\t\\c", b"~a"], b"|0", 1, &[b"printf: 1e300: invalid number", b"printf: \\t\\c: invalid number", b"printf: `%': invalid format character"]),
(b"% #5.0g%1.1s|%0q", &[b"-0"], b"  -0. |''", 0, &[]),
(b"%0.*q%0#.b", &[b"  7", b"  7", b"1e10", b"x\\0101", b"nan"], b"\\ \\ 7", 1, &[b"printf: x\\0101: invalid number"]),
(b"|", &[], b"|", 0, &[]),
(b"%#o%5%%-#.1s", &[b"inf", b"-0", b"42", b"abc"], b"0", 1, &[b"printf: inf: invalid number", b"printf: `%': invalid format character"]),
(b"% +da%.f% *a", &[b"010", b"-0", b"  7", b"0"], b"+8a-0 0x0p+0", 0, &[]),
(b"\\n%.1a%f", &[b"\\t\\c", b"\\t\\c"], b"\x0a0x0.0p+00.000000", 1, &[b"printf: \\t\\c: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%.1e\\101%1u% +f", &[b"1e10", b"'A", b"abc", b"nan", b"0.5"], b"1.0e+10A65+0.000000nanA0+0.000000", 1, &[b"printf: abc: invalid number", b"printf: 0.5: invalid number"]),
(b"%#-12.1oa", &[b"'A", b"0x1.8p3", b"010", b"~a", b"\xc3\xa9"], b"0101        a01          a010         a0           a0           a", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: ~a: invalid number", b"printf: \xc3\xa9: invalid number"]),
(b"%+.*o%12.1i%#.1%", &[b"\\n", b"#x", b"010"], b"           8", 1, &[b"printf: \\n: invalid number", b"printf: #x: invalid number", b"printf: `%': invalid format character"]),
(b"%.3A%E%+1.0g", &[b"1e10"], b"0X9.503P+300.000000E+00+0", 0, &[]),
(b"%+-*.0ox y\\n", &[b"\\n", b"abc", b"\\t\\c"], b"x y\x0ax y\x0a", 1, &[b"printf: \\n: invalid number", b"printf: abc: invalid number", b"printf: \\t\\c: invalid number"]),
(b"%# 5.i", &[b"1e-10"], b"    1", 1, &[b"printf: 1e-10: invalid number"]),
(b"%+-*x%dx y%#12.1f", &[b"x\\0101"], b"00x y         0.0", 1, &[b"printf: x\\0101: invalid number"]),
(b"|%#1E%+ a", &[b"1e300", b"'A", b"1.5"], b"|1.000000E+300+0x8.2p+3|1.500000E+00+0x0p+0", 0, &[]),
(b"%-1.1i", &[b"9999999999999999999"], b"9223372036854775807", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
(b"|x y%12a%12.1F", &[b"nan"], b"|x y         nan         0.0", 0, &[]),
(b"% #12G", &[b"0.5", b"9999999999999999999", b"9999999999999999999", b"\xc3\xa9"], b"    0.500000 1.00000E+19 1.00000E+19     0.00000", 1, &[b"printf: \xc3\xa9: invalid number"]),
(b"\\n% 0.*ia", &[b"12abc", b"0x1.8p3", b"0.000123", b"0x1f", b"1e-10"], b"\x0a 000000000001a\x0a 31a\x0a 0a", 1, &[b"printf: 12abc: invalid number", b"printf: 0x1.8p3: invalid hex number", b"printf: 0.000123: invalid number", b"printf: 1e-10: invalid number"]),
(b"%0+*a%5.0a", &[b"0", b"inf", b"-1", b"\\n", b"1"], b"+inf-0x8p-3+0x8p-30x0p+0", 1, &[b"printf: \\n: invalid number"]),
(b"%#.0ca%.*u", &[b"\xc3\xa9", b"1"], b"\xc3a0", 0, &[]),
(b"a%q\\q%-1g", &[b"\xc3\xa9", b"-2.5", b"abc", b"'A", b"#x"], b"a\xc3\xa9\\q-2.5aabc\\q65a\\#x\\q0", 0, &[]),
(b"% E", &[b"\xc3\xa9", b"0x1f", b"#x", b""], b" 0.000000E+00 3.100000E+01 0.000000E+00 0.000000E+00", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: #x: invalid number"]),
(b"|%#01x", &[b"", b"1.5", b"0.5", b"0x1.8p3"], b"|0|0x1|0|0x1", 1, &[b"printf: 1.5: invalid number", b"printf: 0.5: invalid number", b"printf: 0x1.8p3: invalid hex number"]),
(b"\\\\%12o%0*.0q\\x41", &[], b"\\           0A", 0, &[]),
(b"%#-.10q", &[b"1e10", b"010"], b"1e10010", 0, &[]),
(b"%+#12.*Ex y", &[], b"     +0.E+00x y", 0, &[]),
(b"%.1x%#-.10s", &[b"0x1f"], b"1f", 0, &[]),
(b"%#F%0X%0c\\x41", &[b"\xc3\xa9", b"0x1.8p3", b"0", b"~a", b"42"], b"0.00000010A0.0000002A\x00A", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 0x1.8p3: invalid hex number", b"printf: ~a: invalid number"]),
(b"%- .10e", &[b"2.5"], b" 2.5000000000e+00", 0, &[]),
(b"%1b%-+%", &[b"0.5", b"1e300", b"x\\0101", b"~a", b"0.000123"], b"0.5", 1, &[b"printf: `%': invalid format character"]),
(b"||%# .10G", &[b"#x", b"", b"0x1.8p3", b"0.5"], b"|| 0.000000000|| 0.000000000|| 12.00000000|| 0.5000000000", 1, &[b"printf: #x: invalid number"]),
(b"% 12G%.1f%1X%12e", &[b"1"], b"           10.000.000000e+00", 0, &[]),
(b"%.0s\\n\\n", &[], b"\x0a\x0a", 0, &[]),
(b"%0.10g%.*f%.1o", &[b"9999999999999999999", b"1e-10", b"\\n", b"1e10"], b"1e+190.01", 1, &[b"printf: 1e-10: invalid number", b"printf: \\n: invalid number", b"printf: 1e10: invalid number"]),
(b"%0#*q%F%#1d%+#5d", &[], b"''0.0000000   +0", 0, &[]),
(b"%012q", &[b"\xc3\xa9"], b"          \xc3\xa9", 0, &[]),
(b"|", &[], b"|", 0, &[]),
(b"%.u%0 5.10X%#05.1g", &[b"nan", b"  7"], b"00000000070000.", 1, &[b"printf: nan: invalid number"]),
(b"%012.e%-*i% .*E", &[b"#x", b"-1", b"2.5", b"1e10"], b"00000000e+002 0.0E+00", 1, &[b"printf: #x: invalid number", b"printf: 2.5: invalid number", b"printf: 1e10: invalid number"]),
(b"% 5o% 012o", &[b"123456.789", b"0.5", b"\xc3\xa9", b"abc", b"-0"], b"361100000000000000    0000000000000    0000000000000", 1, &[b"printf: 123456.789: invalid number", b"printf: 0.5: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: abc: invalid number"]),
(b"%12a%*.3o%0 .1F", &[b"1e-10"], b"0xd.be6fecebdedd5bfp-37000 0.0", 0, &[]),
(b"% 012f%+g%0.q\\x41", &[b"  7", b"1e10", b"\\t\\c", b"  7", b"x\\0101"], b" 0007.000000+1e+10A 0007.000000+0A", 1, &[b"printf: x\\0101: invalid number"]),
(b"%#1a", &[b"0x1.8p3", b"'A"], b"0xc.p+00x8.2p+3", 0, &[]),
(b"%+.1i%x\\\\", &[], b"+00\\", 0, &[]),
(b"%.0gx y%ua", &[b"2.5", b"-1", b"12abc", b""], b"2x y18446744073709551615a1e+01x y0a", 1, &[b"printf: 12abc: invalid number"]),
(b"\\n", &[b"a b", b"x\\0101", b"1e-10", b"0"], b"\x0a", 0, &[]),
(b"|x y%0#12f% 1.*f", &[b"a b", b"1e-10", b"1e-10", b"abc", b"42"], b"|x y00000.000000 0.0|x y00000.000000 0.000000000000000000000000000000000000000000", 1, &[b"printf: a b: invalid number", b"printf: 1e-10: invalid number", b"printf: abc: invalid number"]),
(b"%+#.0a%+-.e%#e", &[b"1.5", b"1"], b"+0xc.p-3+1e+000.000000e+00", 0, &[]),
(b"\\101x y", &[], b"Ax y", 0, &[]),
(b"%-1b", &[b""], b" ", 0, &[]),
(b"%.c", &[b"9999999999999999999"], b"9", 0, &[]),
(b"%A%# 12o%-5X%-*.o", &[b"3.14159", b"nan", b"'A", b"-0", b"0"], b"0XC.90FCF80DC33721DP-2           041   ", 1, &[b"printf: nan: invalid number"]),
(b"%5.*d\\q%-+5q|", &[], b"     \\q''   |", 0, &[]),
(b"%+#a%#.0u", &[b"", b"inf", b"\\n"], b"+0x0.p+0+0x0.p+0", 1, &[b"printf: inf: invalid number", b"printf: \\n: invalid number"]),
(b"%+-12.0b%#%a", &[b"010", b"-0"], b"            ", 1, &[b"printf: `%': invalid format character"]),
(b"%-12.3Ea\\t%q", &[b"0.000123", b"-1", b"1e-10"], b"1.230E-04   a\x09-11.000E-10   a\x09''", 0, &[]),
(b"%+.*A", &[b"1e10", b"'A", b"1e300"], b"+0X8.2P+3+0X0.0P+0", 1, &[b"printf: 1e10: invalid number", b"printf: 1e300: invalid number"]),
(b"%1f%b%1.u", &[b"\\t\\c", b"#x", b"0.000123"], b"0.000000#x ", 1, &[b"printf: \\t\\c: invalid number", b"printf: 0.000123: invalid number"]),
(b"%12A", &[b"1.5"], b"      0XCP-3", 0, &[]),
(b"%i%-*.*Fa%1f", &[b"x\\0101"], b"00a0.000000", 1, &[b"printf: x\\0101: invalid number"]),
(b"|%u%12b", &[b"\\n"], b"|0            ", 1, &[b"printf: \\n: invalid number"]),
(b"|", &[b"abc", b"1.5"], b"|", 0, &[]),
(b"%0+b|%-+5e", &[b"-1", b"-2.5"], b"-1|-2.500000e+00", 0, &[]),
(b"\\x41", &[b"9999999999999999999", b"12abc", b"-0", b"010"], b"A", 0, &[]),
(b"\\t% -q%#+12Xx y", &[b"-1"], b"\x09-1           0x y", 0, &[]),
(b"%0-.10ox y%-#5.*i%+f", &[b"12abc"], b"0000000014x y     +0.000000", 1, &[b"printf: 12abc: invalid number"]),
(b"%*qx y%*s%.*i", &[], b"''x y", 0, &[]),
(b"x y%012.10f", &[b"010", b"1.5", b"123456.789"], b"x y10.0000000000x y1.5000000000x y123456.7890000000", 0, &[]),
(b"%s%i%1.3ia", &[b"010", b"0x1f"], b"01031000a", 0, &[]),
(b"%#*.1cx y%0+.1o%#0A", &[b"1e10", b"#x"], b"#x y00X0.P+0", 1, &[b"printf: 1e10: invalid number"]),
(b"% .10F", &[b"a b"], b" 0.0000000000", 1, &[b"printf: a b: invalid number"]),
(b"% 12E%.10G", &[b"1", b"  7"], b" 1.000000E+007", 0, &[]),
(b"||%0+.X%- X", &[b"0.000123", b"#x", b"x\\0101", b"3.14159", b"a b"], b"||0||3||0", 1, &[b"printf: 0.000123: invalid number", b"printf: #x: invalid number", b"printf: x\\0101: invalid number", b"printf: 3.14159: invalid number", b"printf: a b: invalid number"]),
(b"% 5.3X%0+.3s%+0.0e", &[b"nan", b"0x1f"], b"  0000x1+0e+00", 1, &[b"printf: nan: invalid number"]),
(b"%+#.1G%-.0%", &[b"1.5", b"0", b"1.5"], b"+2.", 1, &[b"printf: `%': invalid format character"]),
(b"%+-.10F|x y%-G", &[b"12abc", b"nan", b"'A"], b"+12.0000000000|x yNAN+65.0000000000|x y0", 1, &[b"printf: 12abc: invalid number"]),
(b"%+.3u", &[b"12abc", b"\\n", b"#x", b"\\t\\c", b"1.5"], b"012000000000001", 1, &[b"printf: 12abc: invalid number", b"printf: \\n: invalid number", b"printf: #x: invalid number", b"printf: \\t\\c: invalid number", b"printf: 1.5: invalid number"]),
(b"%-X% .1q", &[b"1e10", b"'A"], b"1\\", 1, &[b"printf: 1e10: invalid number"]),
(b"\\x41a", &[], b"Aa", 0, &[]),
(b"%.10o\\n%*a", &[b"#x", b"0x1.8p3"], b"0000000000\x0a0x0p+0", 1, &[b"printf: #x: invalid number", b"printf: 0x1.8p3: invalid hex number"]),
(b"%5.A%-#*.d", &[b"  7", b"\\n", b"'A", b"\\t\\c", b"12abc"], b"0XEP-1650X0P+0            ", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number", b"printf: 12abc: invalid number"]),
(b"%.0G|", &[b"#x", b"12abc", b"0x1.8p3"], b"0|1E+01|1E+01|", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number"]),
(b"%E%+ .*A", &[b"1e10", b"#x", b"0x1f"], b"1.000000E+10+0X1P+5", 1, &[b"printf: #x: invalid number"]),
];

/// Recorded from GNU coreutils 9.1 `/usr/bin/printf`, LANG=C.UTF-8.
const CU_CASES: &[Case] = &[
(b"%d", &[b"abc"], b"0", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value"]),
(b"%d|%d\\n", &[b"12abc", b"3"], b"12|3\x0a", 1, &[b"printf: \xe2\x80\x9812abc\xe2\x80\x99: value not completely converted"]),
(b"%z|%d\\n", &[b"1", b"3"], b"", 1, &[b"printf: %z|: invalid conversion specification"]),
(b"a%zb\\n", &[], b"a", 1, &[b"printf: %zb: invalid conversion specification"]),
(b"%d\\n", &[b"'\xc3\xa9", b"'ab", b"'"], b"233\x0a97\x0a0\x0a", 1, &[b"printf: warning: b: character(s) following character constant have been ignored", b"printf: \xe2\x80\x98'\xe2\x80\x99: expected a numeric value"]),
(b"%d\\n", &[b" 12", b"12 ", b"+5", b" -0x1f", b"0x", b"99999999999999999999", b"-99999999999999999999"], b"12\x0a12\x0a5\x0a-31\x0a0\x0a9223372036854775807\x0a-9223372036854775808\x0a", 1, &[b"printf: \xe2\x80\x9812 \xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x980x\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x9899999999999999999999\xe2\x80\x99: Numerical result out of range", b"printf: \xe2\x80\x98-99999999999999999999\xe2\x80\x99: Numerical result out of range"]),
(b"%u\\n", &[b"-1"], b"18446744073709551615\x0a", 0, &[]),
(b"%q\\n", &[b"a b", b"", b"~x", b"#a", b"a#", b"a\x0ab", b"a'b", b"'", b"''", b"a b'c", b"a\x0ab\x09c", b"\xc3\xa9\x0a", b"\xc3\xa9", b"\xc3", b"a'\x0a", b"~", b"a~", b"a=~", b"=", b"a="], b"'a b'\x0a''\x0a'~x'\x0a'#a'\x0aa#\x0a'a'$'\\n''b'\x0a\"a'b\"\x0a\"'\"\x0a\"''\"\x0a\"a b'c\"\x0a'a'$'\\n''b'$'\\t''c'\x0a'\xc3\xa9'$'\\n'\x0a\xc3\xa9\x0a''$'\\303'\x0a'''a'\\'''$'\\n'\x0a'~'\x0aa~\x0a'a=~'\x0a'='\x0a'a='\x0a", 0, &[]),
(b"%q\\n", &[b"a'$b", b"a'\"b", b"a'\\b", b"a'!b", b"a'`b", b"a' b", b"'a", b"a'", b"\x0a", b"\x0aa", b"a\x0a", b"a\x0ab c", b"'\x0a", b"\x0a'", b"a\x0a'b", b"a b'c\x0a", b"a'b'c", b"#", b"#a", b"a#"], b"'a'\\''$b'\x0a'a'\\''\"b'\x0a'a'\\''\\b'\x0a'a'\\''!b'\x0a'a'\\''`b'\x0a\"a' b\"\x0a\"'a\"\x0a\"a'\"\x0a''$'\\n'\x0a''$'\\n''a'\x0a'a'$'\\n'\x0a'a'$'\\n''b c'\x0a''\\'''$'\\n'\x0a''$'\\n'\\'''\x0a'a'$'\\n'\\''b'\x0a'''a b'\\''c'$'\\n'\x0a\"a'b'c\"\x0a'#'\x0a'#a'\x0aa#\x0a", 0, &[]),
(b"%q\\n", &[b"ab'\x0a", b"'a'\x0a", b"''\x0a", b"a'b'\x0a", b"'a\x0a", b"a \x0a", b"a'\x0a'", b"\x01a'b"], b"'''ab'\\'''$'\\n'\x0a''\\''a'\\'''$'\\n'\x0a''\\'''\\'''$'\\n'\x0a'''a'\\''b'\\'''$'\\n'\x0a''\\''a'$'\\n'\x0a'a '$'\\n'\x0a'a'\\'''$'\\n'\\'''\x0a''$'\\001''a'\\''b'\x0a", 0, &[]),
(b"%(%Y)T\\n", &[b"0"], b"", 1, &[b"printf: %(: invalid conversion specification"]),
(b"x\\cy", &[], b"x", 0, &[]),
(b"%b|\\n", &[b"a\\cb", b"c"], b"a", 0, &[]),
(b"%b\\n", &[b"\\101 \\0101 \\x41"], b"A A A\x0a", 0, &[]),
(b"\\101 \\0101\\n", &[], b"A \x081\x0a", 0, &[]),
(b"%f|%f|%f\\n", &[b"abc", b"1x", b"1e5000"], b"0.000000|1.000000|inf\x0a", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value", b"printf: \xe2\x80\x981x\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x981e5000\xe2\x80\x99: Numerical result out of range"]),
(b"%c|%5c|\\n", &[b""], b"\x00|    \x00|\x0a", 0, &[]),
(b"%5%|\\n", &[], b"", 1, &[b"printf: %5%: invalid conversion specification"]),
(b"%s %s\\n", &[b"a", b"b", b"c"], b"a b\x0ac \x0a", 0, &[]),
(b"abc\\n", &[b"x", b"y"], b"abc\x0a", 0, &[b"printf: warning: ignoring excess arguments, starting with \xe2\x80\x98x\xe2\x80\x99"]),
(b"\\q\\x41\\u00e9\\U0001F600\\e\\E\\c", &[], b"\\qA\xc3\xa9\xf0\x9f\x98\x80\x1b\\E", 0, &[]),
(b"\\xZ\\x\\u\\U12\\0\\08\\n", &[], b"", 1, &[b"printf: missing hexadecimal number in escape"]),
(b"%.*d|%*d|%-*d|\\n", &[b"3", b"5", b"-4", b"5", b"4", b"5"], b"005|5   |5   |\x0a", 0, &[]),
(b"%*d|\\n", &[b"abc", b"5"], b"5|\x0a", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value"]),
(b"%s\\n", &[], b"\x0a", 0, &[]),
(b"%'d\\n", &[b"1234567"], b"1234567\x0a", 0, &[]),
(b"%#s\\n", &[b"x"], b"", 1, &[b"printf: %#s: invalid conversion specification"]),
(b"%+s\\n", &[b"x"], b"x\x0a", 0, &[]),
(b"%.3c\\n", &[b"abc"], b"", 1, &[b"printf: %.3c: invalid conversion specification"]),
(b"%ls\\n", &[b"x"], b"x\x0a", 0, &[]),
(b"ab%", &[], b"ab", 1, &[b"printf: %: invalid conversion specification"]),
(b"ab%-", &[], b"ab", 1, &[b"printf: %-: invalid conversion specification"]),
(b"%5q|%-5q|", &[b"a", b"b"], b"", 1, &[b"printf: %5q: invalid conversion specification"]),
(b"%5b|%.1b|", &[b"ab", b"cd"], b"", 1, &[b"printf: %5b: invalid conversion specification"]),
(b"%.1s|%c|", &[b"\xc3\xa9", b"\xc3\xa9"], b"\xc3|\xc3|", 0, &[]),
(b"%d|", &[b"08", b"0xg", b"019", b"", b" "], b"0|0|1|0|0|", 1, &[b"printf: \xe2\x80\x9808\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x980xg\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x98019\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x98 \xe2\x80\x99: expected a numeric value"]),
(b"%i", &[b"0x"], b"0", 1, &[b"printf: \xe2\x80\x980x\xe2\x80\x99: value not completely converted"]),
(b"\\\"\\?\\'\\q", &[], b"\"\\?\\'\\q", 0, &[]),
(b"%s %s\\n", &[b"a"], b"a \x0a", 0, &[]),
(b"ab\\xZ", &[], b"ab", 1, &[b"printf: missing hexadecimal number in escape"]),
(b"ab\\u12", &[], b"ab", 1, &[b"printf: missing hexadecimal number in escape"]),
(b"%b|", &[b"\\xZ"], b"", 1, &[b"printf: missing hexadecimal number in escape"]),
(b"%b|", &[b"\\101\\0101\\01012", b"\\c"], b"AAA2|", 0, &[]),
(b"\\0101\\101\\1012", &[], b"\x081AA2", 0, &[]),
(b"%b", &[b"a\\u00e9\\e\\E\\q"], b"a\xc3\xa9\x1b\\E\\q", 0, &[]),
(b"%d", &[b"'"], b"0", 1, &[b"printf: \xe2\x80\x98'\xe2\x80\x99: expected a numeric value"]),
(b"\\u0041\\u0024\\u0060\\ud800", &[], b"", 1, &[b"printf: invalid universal character name \\u0041"]),
(b"%#d|", &[b"7"], b"", 1, &[b"printf: %#d: invalid conversion specification"]),
(b"%'s|", &[b"7"], b"", 1, &[b"printf: %'s: invalid conversion specification"]),
(b"%0s|", &[b"7"], b"", 1, &[b"printf: %0s: invalid conversion specification"]),
(b"% s|", &[b"7"], b"7|", 0, &[]),
(b"%#c|", &[b"7"], b"", 1, &[b"printf: %#c: invalid conversion specification"]),
(b"%-3c|", &[b"7"], b"7  |", 0, &[]),
(b"%+c|", &[b"7"], b"7|", 0, &[]),
(b"%0c|", &[b"7"], b"", 1, &[b"printf: %0c: invalid conversion specification"]),
(b"%#e|", &[b"7"], b"7.000000e+00|", 0, &[]),
(b"%#u|", &[b"7"], b"", 1, &[b"printf: %#u: invalid conversion specification"]),
(b"%+u|", &[b"7"], b"7|", 0, &[]),
(b"% x|", &[b"7"], b"7|", 0, &[]),
(b"%0.3d|", &[b"7"], b"007|", 0, &[]),
(b"%qd|", &[b"7"], b"7d|", 0, &[]),
(b"%lq|", &[b"7"], b"", 1, &[b"printf: %lq: invalid conversion specification"]),
(b"%a %La %.3e %g", &[b"1", b"1", b"1", b"1"], b"0x8p-3 0x8p-3 1.000e+00 1", 0, &[]),
(b"%*d|", &[b"3000000000", b"1"], b"", 1, &[b"printf: invalid field width: \xe2\x80\x983000000000\xe2\x80\x99"]),
(b"%.*f|", &[b"-1", b"1"], b"1.000000|", 0, &[]),
(b"%b", &[b"\\x41\\u00e9\\U0001F600\\1"], b"A\xc3\xa9\xf0\x9f\x98\x80\x01", 0, &[]),
];

fn check(d: Dialect, cases: &[Case]) {
    let mut bad = 0;
    for (k, (fmt, args, out, st, diags)) in cases.iter().enumerate() {
        let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
        let r = printf(d, fmt, &args, &mut host());
        let dg: Vec<&[u8]> = r.diagnostics.iter().map(|v| v.as_slice()).collect();
        if r.output != *out || r.status != *st || dg != *diags {
            bad += 1;
            eprintln!(
                "case {k}: fmt={:?} args={:?}\n  want {:?} {} {:?}\n  got  {:?} {} {:?}",
                String::from_utf8_lossy(fmt),
                args.iter()
                    .map(|a| String::from_utf8_lossy(a).into_owned())
                    .collect::<Vec<_>>(),
                String::from_utf8_lossy(out),
                st,
                diags
                    .iter()
                    .map(|a| String::from_utf8_lossy(a).into_owned())
                    .collect::<Vec<_>>(),
                String::from_utf8_lossy(&r.output),
                r.status,
                dg.iter()
                    .map(|a| String::from_utf8_lossy(a).into_owned())
                    .collect::<Vec<_>>(),
            );
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn bash_recorded() {
    check(Dialect::BashBuiltin, BASH_CASES);
}

#[test]
fn coreutils_recorded() {
    check(Dialect::Coreutils, CU_CASES);
}

fn run(fmt: &[u8], args: &[&[u8]]) -> PrintfOutcome {
    let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
    printf(Dialect::BashBuiltin, fmt, &args, &mut host())
}

#[test]
fn rounding_half_even() {
    assert_eq!(
        run(b"%.0f %.0f %.0f %.2f", &[b"0.5", b"1.5", b"2.5", b"0.125"]).output,
        b"0 2 2 0.12"
    );
}

#[test]
fn b_stops_output() {
    let r = run(b"%b|%s", &[b"a\\cb", b"x"]);
    assert_eq!(r.output, b"a");
    assert!(r.stop);
    assert_eq!(r.status, 0);
}

#[test]
fn time_now_and_start() {
    assert_eq!(
        run(b"%(%s)T %(%s)T %(%s)T", &[b"-1", b"-2"]).output,
        b"1700000000 1600000000 1700000000"
    );
}

#[test]
fn huge_width_refused() {
    let mut h = TestHost {
        limit: 1000,
        used: 0,
    };
    let r = printf(
        Dialect::BashBuiltin,
        b"ab%*d",
        &[b"2000000000".to_vec(), b"1".to_vec()],
        &mut h,
    );
    assert_eq!(r.output, b"ab");
    assert!(r.stop);
    assert_eq!(r.status, 1);
    assert_eq!(r.diagnostics.last().unwrap(), b"printf: output too large");
    let r = printf(
        Dialect::BashBuiltin,
        b"%.2000000000f",
        &[b"1".to_vec()],
        &mut h,
    );
    assert!(r.stop && r.output.is_empty());
    let r = printf(
        Dialect::BashBuiltin,
        b"%-2000000000s|",
        &[b"1".to_vec()],
        &mut h,
    );
    assert!(r.stop && r.output.is_empty());
}

#[test]
fn echo_and_ansi_c() {
    assert_eq!(
        echo_escapes(b"\\101|\\0101|\\x41|\\q|\\e|\\u00e9", true),
        (b"\\101|A|A|\\q|\x1b|\xc3\xa9".to_vec(), false)
    );
    assert_eq!(echo_escapes(b"a\\cb", true), (b"a".to_vec(), true));
    assert_eq!(
        echo_escapes(b"\\0400\\08\\x", true),
        (b"\0\08\\x".to_vec(), false)
    );
    assert_eq!(
        ansi_c_escapes(
            b"\\\"|\\?|\\x27|\\e|\\E|\\cA|\\cz|\\c?|\\c[|\\q|\\'|\\101|\\0101|\\1|\\8|\\c"
        ),
        b"\"|?|'|\x1b|\x1b|\x01|\x1a|\x7f|\x1b|\\q|'|A|\x081|\x01|\\8|\\c".to_vec()
    );
    assert_eq!(
        ansi_c_escapes(b"ab\\cAcd|\\c1|\\c\\\\|"),
        b"ab\x01cd|\x11|\x1c|".to_vec()
    );
}

#[test]
fn quoting() {
    let q = |s: &[u8]| shell_quote_single(s);
    assert_eq!(q(b"a b"), b"'a b'");
    assert_eq!(q(b"a'b"), b"'a'\\''b'");
    assert_eq!(q(b"'"), b"\\'");
    assert_eq!(q(b""), b"''");
    assert_eq!(q(b"\x01\xff"), b"$'\\001\\377'");
    assert_eq!(q(b"a\nb"), b"$'a\\nb'");
    assert_eq!(q("é".as_bytes()), "'é'".as_bytes());
    let p = |s: &[u8]| shell_quote_printf_q(s, true);
    assert_eq!(p(b"a b"), b"a\\ b");
    assert_eq!(p(b"~x"), b"\\~x");
    assert_eq!(p(b"a=~"), b"a=\\~");
    assert_eq!(p(b"x~"), b"x~");
    assert_eq!(p(b"#a"), b"\\#a");
    assert_eq!(p(b"a#"), b"a#");
    assert_eq!(p(b"\x27\n\\"), b"$'\\'\\n\\\\'");
    assert_eq!(p("\u{2028}".as_bytes()), b"$'\\342\\200\\250'");
    assert_eq!(p("\u{a0}".as_bytes()), "\u{a0}".as_bytes());
}

#[test]
fn strftime_subset() {
    assert_eq!(
        strftime_utc(b"%F %T %j %a %e|%C|%I %p|%u %w|%Q", 0),
        b"1970-01-01 00:00:00 001 Thu  1|19|12 AM|4 4|%Q"
    );
    assert_eq!(strftime_utc(b"%F", 951_782_400), b"2000-02-29");
    assert_eq!(
        strftime_utc(b"%F", i64::MIN),
        strftime_utc(b"%F", i64::MIN + 1)
    );
}

/// Tiny deterministic PRNG (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, v: &'a [&'a [u8]]) -> &'a [u8] {
        v[(self.next() % v.len() as u64) as usize]
    }
}

#[test]
fn random_never_panics() {
    let pieces: &[&[u8]] = &[
        b"%",
        b"%%",
        b"d",
        b"s",
        b"b",
        b"q",
        b"f",
        b"e",
        b"g",
        b"a",
        b"A",
        b"x",
        b"c",
        b"T",
        b"(",
        b")",
        b"%(%F",
        b"*",
        b".",
        b".*",
        b"-",
        b"+",
        b"#",
        b"0",
        b" ",
        b"'",
        b"9",
        b"12",
        b"99999999999",
        b"\\",
        b"\\x",
        b"\\u",
        b"\\U",
        b"\\0",
        b"\\c",
        b"l",
        b"L",
        b"h",
        b"z",
        b"\xff",
        b"\xc3",
        b"\n",
    ];
    let argp: &[&[u8]] = &[
        b"",
        b"0",
        b"-1",
        b"1e4932",
        b"1e-4951",
        b"0x1p-16446",
        b"0x",
        b"'",
        b"\"",
        b"'\xff",
        b"nan(x)",
        b"-inf",
        b"99999999999999999999999",
        b"1.5",
        b"\\c",
        b"\\x4",
        b"\\u12345678",
        b"\\U7fffffff",
        b"2147483648",
        b"-2147483649",
        b"1e400000000000",
        b"0x.p1",
        b".",
        b"-",
        b"\x01\xff\n'",
        b"0.999999999999999999999999999999",
        b"18446744073709551616",
        b"3000",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..4000 {
        let mut f = Vec::new();
        for _ in 0..(rng.next() % 8) {
            f.extend_from_slice(rng.pick(pieces));
        }
        if rng.next().is_multiple_of(4) {
            for _ in 0..(rng.next() % 4) {
                f.push(rng.next() as u8);
            }
        }
        let args: Vec<Vec<u8>> = (0..(rng.next() % 5))
            .map(|_| rng.pick(argp).to_vec())
            .collect();
        for d in [Dialect::BashBuiltin, Dialect::Coreutils] {
            let mut h = TestHost {
                limit: 100_000,
                used: 0,
            };
            let r = printf(d, &f, &args, &mut h);
            assert!(r.output.len() <= 100_000);
        }
        let joined: Vec<u8> = args.concat();
        let _ = echo_escapes(&f, true);
        let _ = ansi_c_escapes(&f);
        let _ = shell_quote_printf_q(&joined, true);
        let _ = shell_quote_single(&joined);
        let _ = shell_quote_coreutils(&joined);
    }
}
