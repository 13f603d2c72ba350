//! The text-processing command set: grep, sed and the coreutils text filters.

pub fn register_all(r: &mut super::Registry) {
    super::grep::register(r);
    super::sed::register(r);
    super::tac::register(r);
    super::nl::register(r);
    super::pr::register(r);
    super::uniq::register(r);
    super::paste::register(r);
    super::comm::register(r);
    super::cmp::register(r);
    super::diff::register(r);
    super::factor::register(r);
    super::tsort::register(r);
    super::fold::register(r);
    super::fmt::register(r);
    super::numfmt::register(r);
    super::expand::register(r);
    super::tee::register(r);
    super::od::register(r);
    super::xxd::register(r);
    super::strings::register(r);
    super::column::register(r);
    super::join::register(r);
    super::split::register(r);
    super::csplit::register(r);
    super::shuf::register(r);
    super::bc::register(r);
    super::awk::register(r);
}
