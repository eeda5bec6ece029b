// The one translation unit that compiles Asio and Beast (BOOST_ASIO_SEPARATE_COMPILATION and
// BOOST_BEAST_SEPARATE_COMPILATION are set for every user of frontier_asio), so their code is
// built once instead of in every file that includes them.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
